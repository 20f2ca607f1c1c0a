/**
 * Universe rows (see universe.ts for the format): technology, communication services and the
 * consumer sectors. Reference prices, shares outstanding (millions) and average daily volume
 * (millions) are approximate 2025-2026 levels; names, sectors and exchanges are real.
 */
export const STOCKS_A = `
## Technology
AAPL|Apple Inc.|Consumer Electronics|NASDAQ|255|0.27|14800|50|apple.com|Designs iPhone, Mac, iPad and wearables and sells services such as the App Store, iCloud and Apple Music.
MSFT|Microsoft Corporation|Software - Infrastructure|NASDAQ|500|0.24|7430|20|microsoft.com|Makes Windows, Microsoft 365 and Azure cloud services, and owns LinkedIn and Xbox.
NVDA|NVIDIA Corporation|Semiconductors|NASDAQ|185|0.5|24300|180|nvidia.com|Designs GPUs and accelerated computing platforms for AI data centers, gaming and automotive.
AVGO|Broadcom Inc.|Semiconductors|NASDAQ|345|0.45|4720|22|broadcom.com|Supplies chips for networking, broadband and storage, and VMware infrastructure software.
ORCL|Oracle Corporation|Software - Infrastructure|NYSE|220|0.45|2840|20|oracle.com|Provides database software, enterprise applications and Oracle Cloud Infrastructure.
CRM|Salesforce, Inc.|Software - Application|NYSE|245|0.32|955|7|salesforce.com|Provides customer relationship management software, Slack and the Agentforce AI platform.
ADBE|Adobe Inc.|Software - Application|NASDAQ|345|0.33|420|3.5|adobe.com|Makes Photoshop, Acrobat and Premiere in the Creative Cloud and Document Cloud suites.
AMD|Advanced Micro Devices, Inc.|Semiconductors|NASDAQ|215|0.55|1625|50|amd.com|Designs CPUs, GPUs and adaptive chips for PCs, data centers, consoles and embedded systems.
INTC|Intel Corporation|Semiconductors|NASDAQ|37|0.5|4770|90|intel.com|Designs and manufactures x86 processors and offers contract foundry services.
CSCO|Cisco Systems, Inc.|Communication Equipment|NASDAQ|72|0.22|3950|20|cisco.com|Sells networking hardware and security, observability and collaboration software.
QCOM|QUALCOMM Incorporated|Semiconductors|NASDAQ|165|0.38|1080|8|qualcomm.com|Develops Snapdragon processors and licenses wireless technology patents.
TXN|Texas Instruments Incorporated|Semiconductors|NASDAQ|175|0.3|910|7|ti.com|Makes analog and embedded processing chips for industrial and automotive markets.
IBM|International Business Machines Corporation|Information Technology Services|NYSE|290|0.28|935|5|ibm.com|Provides hybrid cloud software, Red Hat, consulting and mainframe systems.
NOW|ServiceNow, Inc.|Software - Application|NYSE|850|0.35|207|1.3|servicenow.com|Provides a cloud platform for IT service management and workflow automation.
INTU|Intuit Inc.|Software - Application|NASDAQ|660|0.3|279|1.8|intuit.com|Makes TurboTax, QuickBooks, Credit Karma and Mailchimp.
AMAT|Applied Materials, Inc.|Semiconductor Equipment & Materials|NASDAQ|225|0.42|795|7|appliedmaterials.com|Supplies equipment and services used to manufacture semiconductors and displays.
MU|Micron Technology, Inc.|Semiconductors|NASDAQ|230|0.55|1120|25|micron.com|Makes DRAM, high-bandwidth memory and NAND flash storage.
LRCX|Lam Research Corporation|Semiconductor Equipment & Materials|NASDAQ|145|0.45|1265|10|lamresearch.com|Supplies wafer fabrication equipment for etch and deposition.
PANW|Palo Alto Networks, Inc.|Software - Infrastructure|NASDAQ|195|0.35|665|5|paloaltonetworks.com|Provides network firewalls, cloud security and security operations platforms.
CRWD|CrowdStrike Holdings, Inc.|Software - Infrastructure|NASDAQ|480|0.45|251|3|crowdstrike.com|Provides the Falcon cloud platform for endpoint protection and threat intelligence.
PLTR|Palantir Technologies Inc.|Software - Infrastructure|NASDAQ|180|0.65|2370|60|palantir.com|Builds data integration and AI platforms (Gotham, Foundry, AIP) for governments and companies.
UBER|Uber Technologies, Inc.|Software - Application|NYSE|90|0.38|2090|18|uber.com|Runs ride-hailing, Uber Eats delivery and freight marketplaces.
DELL|Dell Technologies Inc.|Computer Hardware|NYSE|130|0.45|680|6|dell.com|Sells PCs, servers, storage and AI-optimized infrastructure.
ANET|Arista Networks, Inc.|Computer Hardware|NYSE|135|0.5|1260|8|arista.com|Sells cloud networking switches and software for data centers.
MSTR|Strategy Inc|Software - Application|NASDAQ|300|0.8|270|15|strategy.com|Holds bitcoin as its primary treasury reserve asset and sells enterprise analytics software.
SNOW|Snowflake Inc.|Software - Application|NYSE|230|0.5|335|5|snowflake.com|Provides a cloud data platform for warehousing, data sharing and AI workloads.
SMCI|Super Micro Computer, Inc.|Computer Hardware|NASDAQ|40|0.8|595|25|supermicro.com|Builds high-performance servers and storage systems for AI and cloud data centers.
IONQ|IonQ, Inc.|Computer Hardware|NYSE|50|0.95|300|25|ionq.com|Builds trapped-ion quantum computers available through the major cloud platforms.
SOUN|SoundHound AI, Inc.|Software - Application|NASDAQ|13|0.95|410|40|soundhound.com|Develops voice AI and conversational assistants for cars, restaurants and devices.
AFRM|Affirm Holdings, Inc.|Software - Infrastructure|NASDAQ|70|0.65|325|6|affirm.com|Offers buy now, pay later consumer financing at checkout.
NOK|Nokia Oyj|Communication Equipment|NYSE|6|0.35|5400|25|nokia.com|Provides mobile, fixed and cloud network infrastructure and licenses technology patents.
## Communication Services
GOOGL|Alphabet Inc.|Internet Content & Information|NASDAQ|300|0.3|12100|35|abc.xyz|Parent of Google Search, YouTube, Android, Google Cloud and Waymo.
META|Meta Platforms, Inc.|Internet Content & Information|NASDAQ|650|0.38|2520|12|meta.com|Operates Facebook, Instagram, WhatsApp and Messenger and builds Reality Labs devices.
NFLX|Netflix, Inc.|Entertainment|NASDAQ|100|0.35|4230|40|netflix.com|Streams series, films, games and live events to paying members worldwide.
DIS|The Walt Disney Company|Entertainment|NYSE|112|0.27|1800|9|thewaltdisneycompany.com|Runs Disney parks and cruises, film studios, ESPN and the Disney+ and Hulu streaming services.
CMCSA|Comcast Corporation|Telecom Services|NASDAQ|29|0.25|3700|25|corporate.comcast.com|Provides Xfinity broadband and wireless and owns NBCUniversal and Sky.
T|AT&T Inc.|Telecom Services|NYSE|26|0.2|7150|35|att.com|Provides wireless and fiber broadband services in the United States.
VZ|Verizon Communications Inc.|Telecom Services|NYSE|41|0.18|4220|20|verizon.com|Provides wireless, Fios and fixed wireless broadband services.
TMUS|T-Mobile US, Inc.|Telecom Services|NASDAQ|210|0.22|1120|4|t-mobile.com|Provides 5G wireless service under the T-Mobile and Metro by T-Mobile brands.
CHTR|Charter Communications, Inc.|Telecom Services|NASDAQ|260|0.4|137|1.5|corporate.charter.com|Provides Spectrum broadband, cable TV and mobile services.
EA|Electronic Arts Inc.|Electronic Gaming & Multimedia|NASDAQ|200|0.2|250|3|ea.com|Publishes EA SPORTS FC, Madden NFL, Apex Legends and The Sims.
TTWO|Take-Two Interactive Software, Inc.|Electronic Gaming & Multimedia|NASDAQ|245|0.3|185|2|take2games.com|Publishes Grand Theft Auto, NBA 2K and Red Dead games through Rockstar Games and 2K.
WBD|Warner Bros. Discovery, Inc.|Entertainment|NASDAQ|22|0.45|2470|30|wbd.com|Owns Warner Bros. studios, HBO Max, CNN and the Discovery networks.
SPOT|Spotify Technology S.A.|Internet Content & Information|NYSE|620|0.4|205|2|spotify.com|Operates the Spotify streaming service for music, podcasts and audiobooks.
ROKU|Roku, Inc.|Entertainment|NASDAQ|100|0.5|146|3|roku.com|Makes a TV streaming platform and devices with an advertising business.
SNAP|Snap Inc.|Internet Content & Information|NYSE|8|0.6|1700|35|snap.com|Operates the Snapchat camera and messaging app and makes Spectacles.
PINS|Pinterest, Inc.|Internet Content & Information|NYSE|27|0.45|680|10|pinterest.com|Operates the Pinterest visual discovery and shopping platform.
RBLX|Roblox Corporation|Electronic Gaming & Multimedia|NYSE|95|0.6|690|10|roblox.com|Operates an immersive platform where users create and play experiences.
AMC|AMC Entertainment Holdings, Inc.|Entertainment|NYSE|2.5|0.8|510|15|amctheatres.com|Operates the world's largest chain of movie theatres.
## Consumer Cyclical
AMZN|Amazon.com, Inc.|Internet Retail|NASDAQ|230|0.32|10700|45|amazon.com|Runs the Amazon online store, Prime, Amazon Web Services and an advertising business.
TSLA|Tesla, Inc.|Auto Manufacturers|NASDAQ|430|0.6|3320|95|tesla.com|Makes electric vehicles, energy storage and solar products and develops autonomy software.
HD|The Home Depot, Inc.|Home Improvement Retail|NYSE|360|0.22|995|3.5|homedepot.com|Operates home improvement stores selling building materials, tools and garden products.
MCD|McDonald's Corporation|Restaurants|NYSE|305|0.17|714|3.5|mcdonalds.com|Franchises and operates McDonald's restaurants worldwide.
NKE|NIKE, Inc.|Footwear & Accessories|NYSE|65|0.35|1480|12|nike.com|Designs and sells athletic footwear, apparel and equipment under Nike, Jordan and Converse.
SBUX|Starbucks Corporation|Restaurants|NASDAQ|85|0.3|1140|9|starbucks.com|Operates and licenses Starbucks coffeehouses worldwide.
LOW|Lowe's Companies, Inc.|Home Improvement Retail|NYSE|245|0.24|560|2.5|lowes.com|Operates home improvement stores in the United States.
TJX|The TJX Companies, Inc.|Apparel Retail|NYSE|150|0.18|1115|5|tjx.com|Operates the off-price retailers T.J. Maxx, Marshalls, HomeGoods and TK Maxx.
BKNG|Booking Holdings Inc.|Travel Services|NASDAQ|5200|0.27|32.5|0.25|bookingholdings.com|Operates Booking.com, Priceline, Agoda, KAYAK and OpenTable.
GM|General Motors Company|Auto Manufacturers|NYSE|75|0.33|955|10|gm.com|Makes Chevrolet, GMC, Buick and Cadillac vehicles.
F|Ford Motor Company|Auto Manufacturers|NYSE|13|0.33|3980|60|ford.com|Makes Ford and Lincoln cars, trucks and EVs and offers Ford Credit financing.
ABNB|Airbnb, Inc.|Travel Services|NASDAQ|125|0.38|610|5|airbnb.com|Runs an online marketplace for short-term stays and experiences.
CMG|Chipotle Mexican Grill, Inc.|Restaurants|NYSE|38|0.35|1340|25|chipotle.com|Operates Chipotle fast-casual Mexican restaurants.
LULU|Lululemon Athletica Inc.|Apparel Retail|NASDAQ|175|0.45|120|3|lululemon.com|Designs and sells athletic apparel for yoga, running and training.
MAR|Marriott International, Inc.|Lodging|NASDAQ|280|0.24|275|1.5|marriott.com|Franchises and manages hotels under brands such as Marriott, Sheraton and Ritz-Carlton.
RCL|Royal Caribbean Cruises Ltd.|Travel Services|NYSE|290|0.45|272|2.5|royalcaribbeangroup.com|Operates the Royal Caribbean, Celebrity and Silversea cruise lines.
CCL|Carnival Corporation & plc|Travel Services|NYSE|28|0.45|1310|25|carnivalcorp.com|Operates Carnival, Princess, Holland America and other cruise lines.
DKNG|DraftKings Inc.|Gambling|NASDAQ|35|0.5|495|9|draftkings.com|Runs online sports betting, iGaming and daily fantasy sports.
RIVN|Rivian Automotive, Inc.|Auto Manufacturers|NASDAQ|15|0.65|1215|35|rivian.com|Makes electric pickup trucks, SUVs and commercial delivery vans.
LCID|Lucid Group, Inc.|Auto Manufacturers|NASDAQ|15|0.7|307|8|lucidmotors.com|Makes the Lucid Air luxury electric sedan and the Gravity SUV.
NIO|NIO Inc.|Auto Manufacturers|NYSE|6|0.7|2200|50|nio.com|Chinese maker of premium smart electric vehicles with battery swapping.
GME|GameStop Corp.|Specialty Retail|NYSE|22|0.6|447|8|gamestop.com|Sells video games, consoles, collectibles and trading cards in stores and online.
CVNA|Carvana Co.|Auto & Truck Dealerships|NYSE|350|0.65|215|3|carvana.com|Runs an online platform for buying and selling used cars.
ORLY|O'Reilly Automotive, Inc.|Auto Parts|NASDAQ|100|0.22|850|5|oreillyauto.com|Sells automotive aftermarket parts, tools and accessories.
## Consumer Defensive
WMT|Walmart Inc.|Discount Stores|NASDAQ|105|0.2|7970|18|walmart.com|Operates Walmart supercenters and Sam's Club, with growing e-commerce and advertising businesses.
COST|Costco Wholesale Corporation|Discount Stores|NASDAQ|900|0.2|443|2|costco.com|Operates membership warehouse clubs.
PG|The Procter & Gamble Company|Household & Personal Products|NYSE|150|0.16|2340|7|pg.com|Makes consumer brands such as Tide, Pampers, Gillette and Crest.
KO|The Coca-Cola Company|Beverages - Non-Alcoholic|NYSE|70|0.15|4300|14|coca-colacompany.com|Makes and licenses Coca-Cola, Sprite, Fanta and other beverage brands.
PEP|PepsiCo, Inc.|Beverages - Non-Alcoholic|NASDAQ|148|0.18|1370|7|pepsico.com|Makes Pepsi, Gatorade, Frito-Lay snacks and Quaker foods.
PM|Philip Morris International Inc.|Tobacco|NYSE|155|0.25|1556|6|pmi.com|Sells Marlboro cigarettes outside the US and smoke-free products such as IQOS and ZYN.
MO|Altria Group, Inc.|Tobacco|NYSE|58|0.18|1680|8|altria.com|Makes Marlboro cigarettes in the US and on! nicotine pouches.
MDLZ|Mondelez International, Inc.|Confectioners|NASDAQ|58|0.2|1295|8|mondelezinternational.com|Makes snacks such as Oreo, Cadbury, Milka and Ritz.
CL|Colgate-Palmolive Company|Household & Personal Products|NYSE|78|0.17|807|5|colgatepalmolive.com|Makes oral, personal and home care products and Hill's pet nutrition.
KHC|The Kraft Heinz Company|Packaged Foods|NASDAQ|25|0.22|1185|10|kraftheinzcompany.com|Makes packaged foods such as Heinz ketchup, Kraft Mac & Cheese and Oscar Mayer.
GIS|General Mills, Inc.|Packaged Foods|NYSE|48|0.18|540|5|generalmills.com|Makes Cheerios, Pillsbury, Blue Buffalo and other packaged foods.
TGT|Target Corporation|Discount Stores|NYSE|95|0.33|455|6|target.com|Operates Target general merchandise stores and online shopping.
DG|Dollar General Corporation|Discount Stores|NYSE|110|0.38|220|3|dollargeneral.com|Operates discount stores in small towns and neighborhoods across the US.
KR|The Kroger Co.|Grocery Stores|NYSE|65|0.22|660|6|thekrogerco.com|Operates supermarkets such as Kroger, Ralphs, Fred Meyer and Harris Teeter.
STZ|Constellation Brands, Inc.|Beverages - Brewers|NYSE|135|0.3|175|2|cbrands.com|Imports Corona and Modelo beers and sells wine and spirits.
MNST|Monster Beverage Corporation|Beverages - Non-Alcoholic|NASDAQ|70|0.25|975|6|monsterbevcorp.com|Makes Monster Energy and other energy drinks.
KDP|Keurig Dr Pepper Inc.|Beverages - Non-Alcoholic|NASDAQ|28|0.2|1360|15|keurigdrpepper.com|Makes Keurig coffee systems and Dr Pepper, Canada Dry and 7UP drinks.
HSY|The Hershey Company|Confectioners|NYSE|180|0.25|203|1.5|thehersheycompany.com|Makes Hershey's and Reese's chocolates and salty snacks.
EL|The Estée Lauder Companies Inc.|Household & Personal Products|NYSE|95|0.45|360|4|elcompanies.com|Sells prestige beauty brands such as Estée Lauder, Clinique and MAC.
CELH|Celsius Holdings, Inc.|Beverages - Non-Alcoholic|NASDAQ|45|0.6|258|6|celsiusholdingsinc.com|Makes Celsius fitness energy drinks.
`;
