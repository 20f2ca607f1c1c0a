/**
 * Universe rows (see universe.ts for the format): exchange-traded funds (sector "ETF"; shares are
 * shares in issue) and over-the-counter names (exchange OTC: foreign ADRs, Fannie Mae and Freddie
 * Mac, US cannabis operators and a penny stock). OTC names have no listed options here.
 */
export const FUNDS_AND_OTC = `
## ETF
SPY|SPDR S&P 500 ETF Trust|Large Blend|NYSE ARCA|670|0.16|915|70|ssga.com|Tracks the S&P 500 index of large US companies.|rho=0.97
QQQ|Invesco QQQ Trust|Large Growth|NASDAQ|610|0.21|395|45|invesco.com|Tracks the Nasdaq-100 index of the largest non-financial Nasdaq companies.|rho=0.9
DIA|SPDR Dow Jones Industrial Average ETF Trust|Large Value|NYSE ARCA|470|0.15|72|3|ssga.com|Tracks the Dow Jones Industrial Average of 30 US blue chips.|rho=0.92
IWM|iShares Russell 2000 ETF|Small Blend|NYSE ARCA|245|0.22|310|30|ishares.com|Tracks the Russell 2000 index of US small-cap stocks.|rho=0.85
VOO|Vanguard S&P 500 ETF|Large Blend|NYSE ARCA|615|0.16|1500|7|investor.vanguard.com|Tracks the S&P 500 index at low cost.|rho=0.97
VTI|Vanguard Total Stock Market ETF|Large Blend|NYSE ARCA|330|0.17|1600|4|investor.vanguard.com|Tracks the entire US stock market.|rho=0.96
XLK|Technology Select Sector SPDR Fund|Technology|NYSE ARCA|280|0.25|320|7|ssga.com|Holds the technology companies of the S&P 500.|rho=0.85
XLF|Financial Select Sector SPDR Fund|Financial|NYSE ARCA|53|0.18|1000|40|ssga.com|Holds the financial companies of the S&P 500.|rho=0.8
XLE|Energy Select Sector SPDR Fund|Energy|NYSE ARCA|90|0.25|300|15|ssga.com|Holds the energy companies of the S&P 500.|rho=0.5
XLV|Health Care Select Sector SPDR Fund|Health Care|NYSE ARCA|150|0.16|230|9|ssga.com|Holds the health care companies of the S&P 500.|rho=0.7
XLY|Consumer Discretionary Select Sector SPDR Fund|Consumer Discretionary|NYSE ARCA|235|0.22|95|4|ssga.com|Holds the consumer discretionary companies of the S&P 500.|rho=0.85
XLP|Consumer Staples Select Sector SPDR Fund|Consumer Staples|NYSE ARCA|78|0.13|210|12|ssga.com|Holds the consumer staples companies of the S&P 500.|rho=0.55
XLI|Industrial Select Sector SPDR Fund|Industrials|NYSE ARCA|150|0.18|150|9|ssga.com|Holds the industrial companies of the S&P 500.|rho=0.85
XLB|Materials Select Sector SPDR Fund|Materials|NYSE ARCA|88|0.2|60|6|ssga.com|Holds the materials companies of the S&P 500.|rho=0.75
XLU|Utilities Select Sector SPDR Fund|Utilities|NYSE ARCA|85|0.17|230|12|ssga.com|Holds the utility companies of the S&P 500.|rho=0.45
XLRE|Real Estate Select Sector SPDR Fund|Real Estate|NYSE ARCA|41|0.19|190|6|ssga.com|Holds the real estate companies of the S&P 500.|rho=0.6
XLC|Communication Services Select Sector SPDR Fund|Communications|NYSE ARCA|115|0.2|220|5|ssga.com|Holds the communication services companies of the S&P 500.|rho=0.8
SMH|VanEck Semiconductor ETF|Technology|NASDAQ|330|0.38|90|8|vaneck.com|Tracks an index of the largest US-listed semiconductor companies.|rho=0.75
ARKK|ARK Innovation ETF|Mid-Cap Growth|NYSE ARCA|80|0.5|95|10|ark-funds.com|Actively managed fund investing in disruptive innovation companies.|rho=0.7
GLD|SPDR Gold Shares|Commodities Focused|NYSE ARCA|380|0.17|330|10|spdrgoldshares.com|Holds physical gold bullion.|rho=0.05
SLV|iShares Silver Trust|Commodities Focused|NYSE ARCA|45|0.32|560|30|ishares.com|Holds physical silver bullion.|rho=0.15
TLT|iShares 20+ Year Treasury Bond ETF|Long Government|NASDAQ|90|0.14|560|35|ishares.com|Holds US Treasury bonds maturing in more than twenty years.|rho=-0.2
HYG|iShares iBoxx $ High Yield Corporate Bond ETF|High Yield Bond|NYSE ARCA|80|0.06|210|30|ishares.com|Holds US dollar high-yield corporate bonds.|rho=0.6
EEM|iShares MSCI Emerging Markets ETF|Diversified Emerging Markets|NYSE ARCA|53|0.18|380|25|ishares.com|Tracks large and mid-cap stocks of emerging markets.|rho=0.6
EFA|iShares MSCI EAFE ETF|Foreign Large Blend|NYSE ARCA|93|0.15|680|15|ishares.com|Tracks large and mid-cap stocks of developed markets outside North America.|rho=0.7
XBI|SPDR S&P Biotech ETF|Health|NYSE ARCA|110|0.33|55|9|ssga.com|Holds an equal-weighted index of US biotechnology stocks.|rho=0.6
KRE|SPDR S&P Regional Banking ETF|Financial|NYSE ARCA|62|0.3|60|15|ssga.com|Holds an equal-weighted index of US regional bank stocks.|rho=0.65
XOP|SPDR S&P Oil & Gas Exploration & Production ETF|Equity Energy|NYSE ARCA|130|0.33|15|4|ssga.com|Holds an equal-weighted index of US oil and gas producers.|rho=0.45
USO|United States Oil Fund, LP|Commodities Focused|NYSE ARCA|72|0.35|14|5|uscfinvestments.com|Tracks the daily price of West Texas Intermediate crude oil futures.|rho=0.2
VNQ|Vanguard Real Estate ETF|Real Estate|NYSE ARCA|90|0.19|380|4|investor.vanguard.com|Tracks US real estate investment trusts.|rho=0.6
IBIT|iShares Bitcoin Trust ETF|Digital Assets|NASDAQ|60|0.5|1300|50|ishares.com|Holds bitcoin.|rho=0.3
TQQQ|ProShares UltraPro QQQ|Trading--Leveraged Equity|NASDAQ|100|0.63|310|60|proshares.com|Seeks three times the daily return of the Nasdaq-100 index.|rho=0.9
## Financial
FNMA|Federal National Mortgage Association|Mortgage Finance|OTC|10|0.7|1160|8|fanniemae.com|Fannie Mae, the government-sponsored enterprise that guarantees US home mortgages (in conservatorship).
FMCC|Federal Home Loan Mortgage Corporation|Mortgage Finance|OTC|9|0.7|650|5|freddiemac.com|Freddie Mac, the government-sponsored enterprise that buys and securitizes US home mortgages (in conservatorship).
## Consumer Cyclical
NSANY|Nissan Motor Co., Ltd.|Auto Manufacturers|OTC|4.8|0.4|1900|0.2|nissan-global.com|Japanese automaker making Nissan and Infiniti vehicles (ADR).
POAHY|Porsche Automobil Holding SE|Auto Manufacturers|OTC|4|0.35|3060|0.15|porsche-se.com|German holding company with controlling stakes in Volkswagen and Porsche AG (ADR).
VWAGY|Volkswagen AG|Auto Manufacturers|OTC|11|0.35|5000|0.4|volkswagen-group.com|German automaker with the Volkswagen, Audi, Porsche, SEAT and Skoda brands (ADR).
## Consumer Defensive
TSCDY|Tesco PLC|Grocery Stores|OTC|17|0.2|2200|0.1|tescoplc.com|The UK's largest supermarket chain (ADR).
## Communication Services
NTDOY|Nintendo Co., Ltd.|Electronic Gaming & Multimedia|OTC|20|0.35|4650|1.5|nintendo.com|Makes the Switch game consoles and Mario, Zelda and Pokémon games (ADR).
## Healthcare
BAYRY|Bayer AG|Drug Manufacturers - General|OTC|8|0.4|3930|1|bayer.com|German life sciences company in pharmaceuticals, consumer health and crop science (ADR).
CURLF|Curaleaf Holdings, Inc.|Drug Manufacturers - Specialty & Generic|OTC|2.5|0.85|745|1|curaleaf.com|Multi-state cannabis operator with dispensaries across the US.
GTBIF|Green Thumb Industries Inc.|Drug Manufacturers - Specialty & Generic|OTC|7|0.65|235|0.5|gtigrows.com|Cannabis consumer products maker and operator of RISE dispensaries.
TCNNF|Trulieve Cannabis Corp.|Drug Manufacturers - Specialty & Generic|OTC|6|0.8|190|0.5|trulieve.com|Vertically integrated cannabis company with a large Florida footprint.
CRLBF|Cresco Labs Inc.|Drug Manufacturers - Specialty & Generic|OTC|0.9|0.9|340|0.5|crescolabs.com|Multi-state cannabis operator with Sunnyside dispensaries.
VRNOF|Verano Holdings Corp.|Drug Manufacturers - Specialty & Generic|OTC|1.2|0.95|360|0.8|verano.com|Multi-state cannabis operator with Zen Leaf and MÜV dispensaries.
## Basic Materials
BASFY|BASF SE|Chemicals|OTC|12.5|0.28|3570|0.3|basf.com|German chemical producer, the world's largest by sales (ADR).
GLNCY|Glencore plc|Other Industrial Metals & Mining|OTC|9|0.35|6000|0.5|glencore.com|Mines and trades metals, minerals and energy products (ADR).
AABB|Asia Broadband, Inc.|Gold|OTC|0.03|1.2|3400|3|asiabroadbandinc.com|Mining company producing precious and base metals in Mexico.|float=0.8,noshort
## Utilities
ENLAY|Enel SpA|Utilities - Diversified|OTC|9.5|0.22|10170|0.3|enel.com|Italian multinational power company and renewable energy operator (ADR).
## Technology
RNECY|Renesas Electronics Corporation|Semiconductors|OTC|6.5|0.45|3600|0.5|renesas.com|Japanese maker of microcontrollers and analog chips for cars and industry (ADR).
## Real Estate
VONOY|Vonovia SE|Real Estate Services|OTC|15|0.3|1630|0.05|vonovia.com|Germany's largest residential property company (ADR).
`;
