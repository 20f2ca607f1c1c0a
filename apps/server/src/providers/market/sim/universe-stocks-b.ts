/**
 * Universe rows (see universe.ts for the format): financial, healthcare, industrials, energy,
 * basic materials, utilities and real estate. Reference prices, shares outstanding (millions) and
 * average daily volume (millions) are approximate 2025-2026 levels; names, sectors and exchanges
 * are real.
 */
export const STOCKS_B = `
## Financial
JPM|JPMorgan Chase & Co.|Banks - Diversified|NYSE|310|0.22|2730|9|jpmorganchase.com|The largest US bank: consumer and investment banking, asset and wealth management.
BAC|Bank of America Corporation|Banks - Diversified|NYSE|52|0.26|7400|35|bankofamerica.com|Provides consumer and commercial banking, Merrill wealth management and investment banking.
WFC|Wells Fargo & Company|Banks - Diversified|NYSE|85|0.27|3200|15|wellsfargo.com|Provides consumer, commercial and corporate banking across the United States.
C|Citigroup Inc.|Banks - Diversified|NYSE|105|0.3|1840|15|citigroup.com|A global bank serving corporations, institutions and consumers.
GS|The Goldman Sachs Group, Inc.|Capital Markets|NYSE|800|0.3|306|2.2|goldmansachs.com|Investment banking, trading, asset and wealth management firm.
MS|Morgan Stanley|Capital Markets|NYSE|160|0.28|1595|6|morganstanley.com|Wealth management, investment banking and institutional securities firm.
BLK|BlackRock, Inc.|Asset Management|NYSE|1100|0.24|155|0.7|blackrock.com|The world's largest asset manager and sponsor of the iShares ETFs.
SCHW|The Charles Schwab Corporation|Capital Markets|NYSE|95|0.28|1815|8|schwab.com|Provides brokerage, banking and wealth management.
AXP|American Express Company|Credit Services|NYSE|360|0.27|695|3|americanexpress.com|Issues charge and credit cards and runs a global payments network.
V|Visa Inc.|Credit Services|NYSE|345|0.2|1930|7|visa.com|Operates the world's largest electronic payments network.
MA|Mastercard Incorporated|Credit Services|NYSE|560|0.2|905|3|mastercard.com|Operates a global payments network connecting consumers, merchants and banks.
PYPL|PayPal Holdings, Inc.|Credit Services|NASDAQ|65|0.35|960|12|paypal.com|Operates the PayPal, Venmo and Braintree digital payment platforms.
BRK.B|Berkshire Hathaway Inc.|Insurance - Diversified|NYSE|495|0.17|2160|4|berkshirehathaway.com|Conglomerate owning GEICO, BNSF Railway, Berkshire Hathaway Energy and a large stock portfolio.
SPGI|S&P Global Inc.|Financial Data & Stock Exchanges|NYSE|500|0.22|305|1.5|spglobal.com|Provides credit ratings, S&P indices and market intelligence data.
CME|CME Group Inc.|Financial Data & Stock Exchanges|NASDAQ|270|0.18|360|2|cmegroup.com|Operates derivatives exchanges for futures and options.
PGR|The Progressive Corporation|Insurance - Property & Casualty|NYSE|240|0.25|586|3|progressive.com|Provides auto, home and commercial insurance.
COF|Capital One Financial Corporation|Credit Services|NYSE|220|0.35|640|4|capitalone.com|Issues credit cards, auto loans and banking products and owns the Discover network.
KKR|KKR & Co. Inc.|Asset Management|NYSE|130|0.45|890|4|kkr.com|Global investment firm in private equity, credit, infrastructure, real estate and insurance.
BX|Blackstone Inc.|Asset Management|NYSE|155|0.4|730|4|blackstone.com|The world's largest alternative asset manager.
COIN|Coinbase Global, Inc.|Financial Data & Stock Exchanges|NASDAQ|300|0.7|255|10|coinbase.com|Operates a cryptocurrency exchange and custody business and the Base network.
HOOD|Robinhood Markets, Inc.|Capital Markets|NASDAQ|120|0.7|885|35|robinhood.com|Operates a commission-free trading app for stocks, options and crypto.
SOFI|SoFi Technologies, Inc.|Credit Services|NASDAQ|27|0.6|1180|60|sofi.com|Offers online lending, banking and investing and the Galileo technology platform.
## Healthcare
LLY|Eli Lilly and Company|Drug Manufacturers - General|NYSE|1000|0.32|947|4|lilly.com|Makes medicines such as Mounjaro, Zepbound, Verzenio and Trulicity.
JNJ|Johnson & Johnson|Drug Manufacturers - General|NYSE|200|0.16|2410|8|jnj.com|Develops innovative medicines and medical technology products.
UNH|UnitedHealth Group Incorporated|Healthcare Plans|NYSE|330|0.38|906|10|unitedhealthgroup.com|Provides UnitedHealthcare insurance and Optum health services.
ABBV|AbbVie Inc.|Drug Manufacturers - General|NYSE|225|0.23|1767|6|abbvie.com|Makes Skyrizi, Rinvoq, Humira and Botox.
MRK|Merck & Co., Inc.|Drug Manufacturers - General|NYSE|95|0.24|2500|12|merck.com|Makes Keytruda, Gardasil and animal health products.
PFE|Pfizer Inc.|Drug Manufacturers - General|NYSE|25|0.22|5690|40|pfizer.com|Develops and sells medicines and vaccines.
TMO|Thermo Fisher Scientific Inc.|Diagnostics & Research|NYSE|560|0.25|378|2|thermofisher.com|Supplies scientific instruments, reagents and services for research and diagnostics.
ABT|Abbott Laboratories|Medical Devices|NYSE|128|0.2|1740|6|abbott.com|Makes medical devices, diagnostics, nutrition products and branded generic medicines.
DHR|Danaher Corporation|Diagnostics & Research|NYSE|220|0.27|715|4|danaher.com|Makes life sciences tools and diagnostics through Cytiva, Beckman Coulter and Cepheid.
AMGN|Amgen Inc.|Drug Manufacturers - General|NASDAQ|330|0.24|538|3|amgen.com|Biotechnology company making Prolia, Repatha, Tezspire and other medicines.
GILD|Gilead Sciences, Inc.|Drug Manufacturers - General|NASDAQ|120|0.23|1240|7|gilead.com|Makes HIV, liver disease and oncology medicines such as Biktarvy.
BMY|Bristol-Myers Squibb Company|Drug Manufacturers - General|NYSE|48|0.27|2035|14|bms.com|Makes Eliquis, Opdivo and other medicines.
CVS|CVS Health Corporation|Healthcare Plans|NYSE|78|0.33|1265|8|cvshealth.com|Runs CVS pharmacies, Aetna health insurance and Caremark pharmacy benefits.
ISRG|Intuitive Surgical, Inc.|Medical Instruments & Supplies|NASDAQ|550|0.32|358|2|intuitive.com|Makes the da Vinci robotic surgical systems.
VRTX|Vertex Pharmaceuticals Incorporated|Biotechnology|NASDAQ|450|0.28|256|1.5|vrtx.com|Develops medicines for cystic fibrosis, sickle cell disease and pain.
REGN|Regeneron Pharmaceuticals, Inc.|Biotechnology|NASDAQ|700|0.33|105|1|regeneron.com|Develops medicines such as Eylea and Dupixent.
MDT|Medtronic plc|Medical Devices|NYSE|100|0.2|1283|6|medtronic.com|Makes cardiac, surgical, neuroscience and diabetes devices.
BSX|Boston Scientific Corporation|Medical Devices|NYSE|100|0.26|1480|6|bostonscientific.com|Makes minimally invasive devices for cardiology, electrophysiology and endoscopy.
MRNA|Moderna, Inc.|Biotechnology|NASDAQ|28|0.65|390|10|modernatx.com|Develops mRNA vaccines and therapeutics, including Spikevax.
NVO|Novo Nordisk A/S|Biotechnology|NYSE|48|0.4|4450|15|novonordisk.com|Makes diabetes and obesity medicines such as Ozempic and Wegovy (ADR).
HCA|HCA Healthcare, Inc.|Medical Care Facilities|NYSE|460|0.27|235|1.5|hcahealthcare.com|Operates hospitals and outpatient facilities in the US and the UK.
## Industrials
GE|GE Aerospace|Aerospace & Defense|NYSE|300|0.3|1060|5|geaerospace.com|Designs and services jet engines and avionics for commercial and military aircraft.
CAT|Caterpillar Inc.|Farm & Heavy Construction Machinery|NYSE|560|0.3|468|3|caterpillar.com|Makes construction and mining equipment, engines and turbines.
HON|Honeywell International Inc.|Conglomerates|NASDAQ|200|0.22|635|4|honeywell.com|Makes aerospace systems and building and industrial automation products.
UNP|Union Pacific Corporation|Railroads|NYSE|230|0.22|593|3|up.com|Operates freight railroads across the western two-thirds of the US.
UPS|United Parcel Service, Inc.|Integrated Freight & Logistics|NYSE|95|0.3|848|6|ups.com|Delivers packages and provides supply chain and freight services.
BA|The Boeing Company|Aerospace & Defense|NYSE|210|0.35|756|8|boeing.com|Makes commercial airplanes, defense systems and space products.
RTX|RTX Corporation|Aerospace & Defense|NYSE|170|0.22|1340|5|rtx.com|Makes Pratt & Whitney engines, Collins Aerospace systems and Raytheon defense products.
LMT|Lockheed Martin Corporation|Aerospace & Defense|NYSE|470|0.22|233|1.5|lockheedmartin.com|Makes F-35 fighters, missiles, helicopters and space systems.
DE|Deere & Company|Farm & Heavy Construction Machinery|NYSE|470|0.25|271|1.5|deere.com|Makes John Deere agricultural, construction and forestry equipment.
MMM|3M Company|Conglomerates|NYSE|165|0.28|533|3.5|3m.com|Makes industrial, safety and consumer products such as Post-it and Scotch.
ETN|Eaton Corporation plc|Specialty Industrial Machinery|NYSE|360|0.33|390|2.5|eaton.com|Makes electrical power management equipment for data centers, utilities and vehicles.
FDX|FedEx Corporation|Integrated Freight & Logistics|NYSE|260|0.32|236|2|fedex.com|Provides express parcel delivery, ground shipping and freight services.
DAL|Delta Air Lines, Inc.|Airlines|NYSE|62|0.4|653|9|delta.com|Operates a global passenger and cargo airline.
UAL|United Airlines Holdings, Inc.|Airlines|NASDAQ|100|0.45|324|6|united.com|Operates a global passenger and cargo airline.
AAL|American Airlines Group Inc.|Airlines|NASDAQ|13|0.5|660|35|aa.com|Operates the world's largest airline by fleet size.
NOC|Northrop Grumman Corporation|Aerospace & Defense|NYSE|570|0.22|143|1|northropgrumman.com|Makes the B-21 bomber, space systems, missiles and defense electronics.
WM|Waste Management, Inc.|Waste Management|NYSE|215|0.18|402|1.8|wm.com|Collects, recycles and disposes of waste across North America.
GEV|GE Vernova Inc.|Specialty Industrial Machinery|NYSE|600|0.5|273|3|gevernova.com|Makes gas and wind turbines and grid electrification equipment.
RKLB|Rocket Lab Corporation|Aerospace & Defense|NASDAQ|50|0.8|480|20|rocketlabcorp.com|Launches small satellites on Electron, develops Neutron and builds spacecraft components.
JOBY|Joby Aviation, Inc.|Airports & Air Services|NYSE|14|0.75|850|25|jobyaviation.com|Develops electric air taxis for quiet urban passenger service.
PLUG|Plug Power Inc.|Electrical Equipment & Parts|NASDAQ|2.5|0.9|1150|80|plugpower.com|Builds hydrogen fuel cell systems and electrolyzers and supplies liquid hydrogen.
## Energy
XOM|Exxon Mobil Corporation|Oil & Gas Integrated|NYSE|115|0.24|4260|15|corporate.exxonmobil.com|Produces oil and gas and makes fuels, chemicals and lubricants.
CVX|Chevron Corporation|Oil & Gas Integrated|NYSE|155|0.24|2000|8|chevron.com|Integrated energy company producing oil and gas and refining fuels.
COP|ConocoPhillips|Oil & Gas E&P|NYSE|92|0.3|1250|7|conocophillips.com|Explores for and produces crude oil, natural gas and LNG worldwide.
SLB|SLB N.V.|Oil & Gas Equipment & Services|NYSE|37|0.35|1500|14|slb.com|Provides technology and services for reservoirs, drilling and production (formerly Schlumberger).
EOG|EOG Resources, Inc.|Oil & Gas E&P|NYSE|110|0.28|545|3.5|eogresources.com|Produces oil and natural gas in US shale basins.
OXY|Occidental Petroleum Corporation|Oil & Gas E&P|NYSE|42|0.33|985|10|oxy.com|Produces oil and gas and develops carbon capture technology.
PSX|Phillips 66|Oil & Gas Refining & Marketing|NYSE|135|0.3|405|3|phillips66.com|Refines, transports and markets fuels and makes chemicals.
MPC|Marathon Petroleum Corporation|Oil & Gas Refining & Marketing|NYSE|185|0.32|305|2.5|marathonpetroleum.com|Operates US refineries and midstream pipelines.
VLO|Valero Energy Corporation|Oil & Gas Refining & Marketing|NYSE|165|0.35|310|3|valero.com|Refines petroleum and produces renewable diesel and ethanol.
KMI|Kinder Morgan, Inc.|Oil & Gas Midstream|NYSE|27|0.22|2220|14|kindermorgan.com|Operates natural gas pipelines and energy terminals.
WMB|The Williams Companies, Inc.|Oil & Gas Midstream|NYSE|60|0.22|1220|7|williams.com|Operates natural gas pipelines, including Transco.
HAL|Halliburton Company|Oil & Gas Equipment & Services|NYSE|25|0.38|850|12|halliburton.com|Provides drilling, completion and production services to oil and gas producers.
DVN|Devon Energy Corporation|Oil & Gas E&P|NYSE|34|0.35|630|9|devonenergy.com|Produces oil and gas in the Delaware Basin and other US plays.
FANG|Diamondback Energy, Inc.|Oil & Gas E&P|NASDAQ|145|0.33|290|2|diamondbackenergy.com|Produces oil and gas in the Permian Basin.
ET|Energy Transfer LP|Oil & Gas Midstream|NYSE|17|0.22|3430|14|energytransfer.com|Operates natural gas, crude oil and NGL pipelines and terminals.
EQT|EQT Corporation|Oil & Gas E&P|NYSE|55|0.38|625|8|eqt.com|The largest US natural gas producer, in the Appalachian Basin.
## Basic Materials
LIN|Linde plc|Specialty Chemicals|NASDAQ|430|0.18|470|2|linde.com|Supplies industrial gases and engineering for industry and healthcare.
SHW|The Sherwin-Williams Company|Specialty Chemicals|NYSE|340|0.25|249|1.7|sherwin-williams.com|Makes and sells paints and coatings.
APD|Air Products and Chemicals, Inc.|Specialty Chemicals|NYSE|260|0.28|223|1.5|airproducts.com|Supplies industrial gases and hydrogen.
ECL|Ecolab Inc.|Specialty Chemicals|NYSE|270|0.2|283|1.2|ecolab.com|Provides water, hygiene and infection prevention solutions.
FCX|Freeport-McMoRan Inc.|Copper|NYSE|42|0.42|1436|14|fcx.com|Mines copper, gold and molybdenum, including the Grasberg district.
NEM|Newmont Corporation|Gold|NYSE|85|0.4|1100|10|newmont.com|The world's largest gold miner, also producing copper.
DOW|Dow Inc.|Chemicals|NYSE|23|0.4|710|15|dow.com|Makes plastics, industrial intermediates and coatings materials.
NUE|Nucor Corporation|Steel|NYSE|150|0.33|230|2|nucor.com|The largest US steel producer, using electric arc furnaces.
VMC|Vulcan Materials Company|Building Materials|NYSE|290|0.27|132|1|vulcanmaterials.com|The largest US producer of construction aggregates.
ALB|Albemarle Corporation|Specialty Chemicals|NYSE|100|0.55|118|3|albemarle.com|Produces lithium, bromine and refining catalysts.
CLF|Cleveland-Cliffs Inc.|Steel|NYSE|12|0.6|495|15|clevelandcliffs.com|Produces flat-rolled steel and iron ore pellets in North America.
MP|MP Materials Corp.|Other Industrial Metals & Mining|NYSE|60|0.8|177|10|mpmaterials.com|Mines and processes rare earths at Mountain Pass and makes magnets.
AA|Alcoa Corporation|Aluminum|NYSE|38|0.5|259|6|alcoa.com|Produces bauxite, alumina and aluminum.
CTVA|Corteva, Inc.|Agricultural Inputs|NYSE|65|0.25|680|3|corteva.com|Makes seeds and crop protection products.
CF|CF Industries Holdings, Inc.|Agricultural Inputs|NYSE|85|0.32|162|2|cfindustries.com|Makes nitrogen fertilizers and low-carbon ammonia.
## Utilities
NEE|NextEra Energy, Inc.|Utilities - Regulated Electric|NYSE|82|0.25|2060|10|nexteraenergy.com|Owns Florida Power & Light and one of the world's largest renewable energy developers.
DUK|Duke Energy Corporation|Utilities - Regulated Electric|NYSE|120|0.17|778|3|duke-energy.com|Electric and gas utility in the Carolinas, Florida and the Midwest.
SO|The Southern Company|Utilities - Regulated Electric|NYSE|92|0.17|1100|4|southerncompany.com|Electric and gas utility serving the Southeast US.
D|Dominion Energy, Inc.|Utilities - Regulated Electric|NYSE|60|0.2|853|4|dominionenergy.com|Electric and gas utility in Virginia and the Carolinas.
AEP|American Electric Power Company, Inc.|Utilities - Regulated Electric|NASDAQ|115|0.18|535|3|aep.com|Electric utility with the largest transmission network in the US.
EXC|Exelon Corporation|Utilities - Regulated Electric|NASDAQ|45|0.18|1010|6|exeloncorp.com|Operates regulated electric and gas utilities such as ComEd and PECO.
SRE|Sempra|Utilities - Diversified|NYSE|90|0.22|653|3|sempra.com|Owns SDG&E, SoCalGas, a stake in Oncor and LNG infrastructure.
XEL|Xcel Energy Inc.|Utilities - Regulated Electric|NASDAQ|78|0.18|590|4|xcelenergy.com|Electric and gas utility in eight Midwestern and Western states.
PCG|PG&E Corporation|Utilities - Regulated Electric|NYSE|16|0.28|2200|18|pgecorp.com|Provides electricity and natural gas in Northern and Central California.
CEG|Constellation Energy Corporation|Utilities - Renewable|NASDAQ|340|0.5|313|3|constellationenergy.com|The largest US producer of carbon-free nuclear energy.
VST|Vistra Corp.|Utilities - Independent Power Producers|NYSE|190|0.5|338|5|vistracorp.com|Generates and retails electricity from gas, nuclear, coal and solar plants.
ED|Consolidated Edison, Inc.|Utilities - Regulated Electric|NYSE|100|0.16|360|2|conedison.com|Delivers electricity, gas and steam in New York City and Westchester.
NRG|NRG Energy, Inc.|Utilities - Independent Power Producers|NYSE|160|0.45|195|3|nrg.com|Generates power and sells electricity and home services to retail customers.
AES|The AES Corporation|Utilities - Diversified|NYSE|14|0.4|712|12|aes.com|Generates and distributes power, with a large renewables portfolio.
## Real Estate
PLD|Prologis, Inc.|REIT - Industrial|NYSE|125|0.25|928|4|prologis.com|Owns logistics warehouses worldwide.
AMT|American Tower Corporation|REIT - Specialty|NYSE|185|0.25|468|3|americantower.com|Owns wireless communications towers and data centers.
EQIX|Equinix, Inc.|REIT - Specialty|NASDAQ|800|0.25|98|0.6|equinix.com|Operates interconnected data centers worldwide.
CCI|Crown Castle Inc.|REIT - Specialty|NYSE|95|0.27|435|3|crowncastle.com|Owns cell towers and small cell networks in the US.
SPG|Simon Property Group, Inc.|REIT - Retail|NYSE|180|0.25|326|1.5|simon.com|Owns shopping malls, Premium Outlets and mixed-use destinations.
O|Realty Income Corporation|REIT - Retail|NYSE|58|0.18|914|5|realtyincome.com|The Monthly Dividend Company, owning single-tenant net lease properties.
PSA|Public Storage|REIT - Industrial|NYSE|280|0.22|175|1|publicstorage.com|Owns self-storage facilities across the US.
WELL|Welltower Inc.|REIT - Healthcare Facilities|NYSE|180|0.22|670|3|welltower.com|Owns senior housing and outpatient medical properties.
DLR|Digital Realty Trust, Inc.|REIT - Specialty|NYSE|170|0.3|341|2|digitalrealty.com|Owns data centers and colocation facilities worldwide.
VICI|VICI Properties Inc.|REIT - Diversified|NYSE|30|0.2|1068|7|viciproperties.com|Owns casino and experiential real estate such as Caesars Palace.
AVB|AvalonBay Communities, Inc.|REIT - Residential|NYSE|185|0.2|142|0.8|avalonbay.com|Develops and owns apartment communities.
EXR|Extra Space Storage Inc.|REIT - Industrial|NYSE|140|0.24|212|1|extraspace.com|Owns and manages self-storage properties.
INVH|Invitation Homes Inc.|REIT - Residential|NYSE|28|0.22|613|4|invitationhomes.com|Owns and leases single-family rental homes.
CBRE|CBRE Group, Inc.|Real Estate Services|NYSE|160|0.28|298|1.5|cbre.com|The world's largest commercial real estate services and investment firm.
OPEN|Opendoor Technologies Inc.|Real Estate Services|NASDAQ|6|1|730|100|opendoor.com|Buys and sells homes online through its iBuying platform.
`;
