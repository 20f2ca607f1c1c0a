import { describe, expect, it } from 'vitest';
import { UNIVERSE } from '../market/sim/universe';
import { createSimFilings } from './sim';
import { SECTOR_PROFILES } from './sim-fundamentals';

const NOW = new Date('2026-11-20T15:00:00Z');
const sim = createSimFilings({ now: () => NOW });
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

describe('simulated filings', () => {
  it('are deterministic, EDGAR-shaped, filed on business days up to today, newest first', async () => {
    const a = await sim.filings('AAPL', { limit: 200 });
    const b = await createSimFilings({ now: () => NOW }).filings('aapl', { limit: 200 });
    expect(a).toEqual(b);
    expect(a!.length).toBeGreaterThan(150);
    const cik = await sim.cik('AAPL');
    expect(cik).toMatch(/^\d{10}$/);
    const dates = a!.map((f) => f.filedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates[0]! <= '2026-11-20').toBe(true);
    for (const f of a!) {
      expect(f.accessionNumber).toMatch(ACCESSION);
      expect(f.url).toBe(
        `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${f.accessionNumber.replace(/-/g, '')}/${f.primaryDocument}`,
      );
      const day = new Date(`${f.filedAt}T12:00:00Z`).getUTCDay();
      expect(day === 0 || day === 6, `${f.form} filed on a weekend: ${f.filedAt}`).toBe(false);
    }
    expect(new Set(a!.map((f) => f.accessionNumber)).size).toBe(a!.length);
  });

  it('give a company one 10-K and three 10-Qs a year, each after its period, and Form 4s after earnings', async () => {
    const tenK = (await sim.filings('MSFT', { forms: ['10-K'], limit: 10 }))!;
    expect(tenK).toHaveLength(10);
    for (const f of tenK) {
      const lag = (Date.parse(f.filedAt) - Date.parse(f.reportDate!)) / 86_400_000;
      expect(lag).toBeGreaterThan(35);
      expect(lag).toBeLessThan(80);
    }
    const years = tenK.map((f) => Number(f.reportDate!.slice(0, 4)));
    expect(years).toEqual(years.map((_, i) => years[0]! - i));
    const lastYear = (await sim.filings('MSFT', { limit: 400 }))!.filter((f) => f.filedAt > '2025-11-20');
    expect(lastYear.filter((f) => f.form === '10-Q')).toHaveLength(3);
    expect(lastYear.filter((f) => f.form === '10-K')).toHaveLength(1);
    expect(lastYear.filter((f) => f.form === '4').length).toBeGreaterThanOrEqual(8);
    expect(lastYear.some((f) => f.form === 'DEF 14A')).toBe(true);
  });

  it('move with today: nothing is filed after it', async () => {
    const earlier = createSimFilings({ now: () => new Date('2026-03-01T00:00:00Z') });
    const list = (await earlier.filings('AAPL', { limit: 5 }))!;
    expect(list.every((f) => f.filedAt <= '2026-03-01')).toBe(true);
    const later = (await sim.filings('AAPL', { limit: 400 }))!.filter((f) => f.filedAt <= '2026-03-01').slice(0, 5);
    expect(later).toEqual(list);
  });

  it('follow the kind of filer: funds file N-CSR and NPORT-P, foreign issuers 20-F and 6-K, neither has 10-K figures nor Form 4s', async () => {
    const fund = (await sim.filings('SPY', { limit: 30 }))!.map((f) => f.form);
    expect(fund).toContain('N-CSR');
    expect(fund).toContain('NPORT-P');
    expect(fund).not.toContain('10-K');
    const adr = (await sim.filings('NSANY', { limit: 30 }))!.map((f) => f.form);
    expect(new Set(adr)).toEqual(new Set(['6-K', '20-F']));
    for (const t of ['SPY', 'NSANY']) {
      expect(await sim.annualFacts(t, 3)).toBeNull();
      expect(await sim.insiderTransactions(t, 5)).toEqual([]);
    }
  });

  it('answer null for a ticker outside the universe', async () => {
    expect(await sim.filings('ZZZZ', { limit: 5 })).toBeNull();
    expect(await sim.annualFacts('ZZZZ', 3)).toBeNull();
    expect(await sim.insiderTransactions('ZZZZ', 5)).toBeNull();
    expect(await sim.institutionalHolders('ZZZZ')).toEqual([]);
    expect(await sim.cik('ZZZZ')).toBeNull();
  });
});

describe('simulated 10-K figures', () => {
  it('match the 10-K filings and hold together (equity = assets - liabilities, EPS = net income / shares)', async () => {
    const facts = (await sim.annualFacts('AAPL', 6))!;
    const tenK = (await sim.filings('AAPL', { forms: ['10-K'], limit: 6 }))!.reverse();
    expect(facts.years.map((y) => [y.periodEnd, y.filed])).toEqual(tenK.map((f) => [f.reportDate, f.filedAt]));
    const shares = UNIVERSE.find((t) => t.symbol === 'AAPL')!.company.shares_outstanding;
    for (const y of facts.years) {
      expect(y.shareholdersEquity).toBe(y.totalAssets! - y.totalLiabilities!);
      expect(y.grossProfit!).toBeGreaterThan(y.operatingIncome!);
      expect(y.operatingIncome!).toBeGreaterThanOrEqual(y.netIncome!);
      expect(y.epsDiluted! * shares).toBeGreaterThan(y.netIncome! * 0.85);
      // Later years have a few shares fewer (buy-backs), earlier ones more.
      expect(y.epsDiluted! * shares).toBeLessThan(y.netIncome! * 1.03);
    }
    // A year's figures do not depend on the range asked for.
    expect((await sim.annualFacts('AAPL', 2))!.years).toEqual(facts.years.slice(-2));
  });

  it('are sized by the company: revenue is its market value over about its sector’s price-to-sales', async () => {
    // Listed foreign companies (ADRs) file 20-F reports, not 10-Ks.
    for (const t of UNIVERSE.filter((u) => u.company.type === 'stock' && !u.company.description.includes('(ADR)'))) {
      const facts = await sim.annualFacts(t.symbol, 1);
      const revenue = facts!.years[0]!.revenue!;
      const ps = SECTOR_PROFILES[t.company.sector as keyof typeof SECTOR_PROFILES].priceToSales;
      const implied = (t.company.shares_outstanding * t.price) / revenue;
      expect(implied, t.symbol).toBeGreaterThan(ps * 0.5);
      expect(implied, t.symbol).toBeLessThan(ps * 2);
    }
  });

  it('give banks no gross profit', async () => {
    const jpm = (await sim.annualFacts('JPM', 2))!;
    expect(jpm.years.every((y) => y.grossProfit === null && y.revenue! > 0)).toBe(true);
  });
});

describe('simulated insiders and holders', () => {
  it('report Form 4 trades of the company’s insiders, scaled to its share count', async () => {
    const trades = (await sim.insiderTransactions('AAPL', 10))!;
    const forms = (await sim.filings('AAPL', { forms: ['4'], limit: 10 }))!;
    expect(trades.map((t) => t.filedAt)).toEqual(forms.map((f) => f.filedAt));
    expect(trades.map((t) => t.url)).toEqual(forms.map((f) => f.url));
    const shares = UNIVERSE.find((t) => t.symbol === 'AAPL')!.company.shares_outstanding;
    for (const t of trades) {
      expect(t.shares).toBeGreaterThan(0);
      expect(t.shares).toBeLessThan(shares * 1e-5);
      expect(t.transactionDate <= t.filedAt).toBe(true);
      expect(t.ownerName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      if (t.position === 'Director' || t.position === '10% Owner') expect(['S', 'P']).toContain(t.code);
    }
  });

  it('list the ten largest institutions, largest first, each under 10 % of the shares', async () => {
    const holders = await sim.institutionalHolders('MSFT');
    expect(holders).toHaveLength(10);
    expect(holders[0]!.name).toMatch(/Vanguard|BlackRock/);
    const shares = UNIVERSE.find((t) => t.symbol === 'MSFT')!.company.shares_outstanding;
    for (let i = 1; i < holders.length; i++) expect(holders[i]!.shares).toBeLessThanOrEqual(holders[i - 1]!.shares);
    expect(holders.every((h) => h.shares < shares * 0.1)).toBe(true);
  });
});
