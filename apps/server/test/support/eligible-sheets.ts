/**
 * A balanced annual sheet, entered by hand in the diagnosis and application tests (leaves of the seeded tree; every other leaf 0). Before the closing entries, so the
 * period's result (REND − GAST) is still in the income statement and RLPER is 0:
 *   Ativo AT 1 000 000 = AFT 500 000 + AINT 100 000 + INV 96 000 + CLI 120 000 + OCR 84 000 + DO 100 000
 *   Capital próprio CP 350 000 = CAP 250 000 + RES 100 000
 *   Passivo PT 600 000 = DF_NC 250 000 + FORN 120 000 + EST_CRED 60 000 + DF_C 50 000 + OCP 120 000
 *   Rendimentos 825 000 = VENDAS 600 000 + PSERV 200 000 + SUBEXP 20 000 + RFIN 5 000
 *   Gastos 775 000 = CMVMC 480 000 + FSE 120 000 + GP 100 000 + DEP 40 000 + JUR 15 000 + IRC 20 000
 * AT = CP + PT + (REND − GAST) = 350 000 + 600 000 + 50 000. EBITDA = REXP − GEXP = 820 000 − 700 000 = 120 000.
 * The formulas read Capital próprio with the period's result: CP = 350 000 + 50 000 = 400 000 (AT = CP + PT).
 */
export const SHEET_2024: Record<string, string> = {
  AFT: '500000',
  AINT: '100000',
  INV: '96000',
  CLI: '120000',
  OCR: '84000',
  DO: '100000',
  CAP: '250000',
  RES: '100000',
  DF_NC: '250000',
  FORN: '120000',
  EST_CRED: '60000',
  DF_C: '50000',
  OCP: '120000',
  VENDAS: '600000',
  PSERV: '200000',
  SUBEXP: '20000',
  RFIN: '5000',
  CMVMC: '480000',
  FSE: '120000',
  GP: '100000',
  DEP: '40000',
  JUR: '15000',
  IRC: '20000',
};

/**
 * 2023: sales 700 000 and income 700 000 (no services, subsidies or financial income), costs 610 000 + DEP 40 000
 * + JUR 15 000 + IRC 10 000 = 675 000, so RL = 25 000 and EBITDA = 700 000 − 610 000 = 90 000. Balance: AT 1 000 000
 * = CP 350 000 + PT 625 000 (DF_NC 275 000) + 25 000.
 */
export const SHEET_2023: Record<string, string> = {
  ...SHEET_2024,
  DF_NC: '275000',
  VENDAS: '700000',
  PSERV: '0',
  SUBEXP: '0',
  RFIN: '0',
  CMVMC: '450000',
  FSE: '100000',
  GP: '60000',
  IRC: '10000',
};
