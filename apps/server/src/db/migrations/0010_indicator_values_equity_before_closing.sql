-- The diagnosis engine counts the period's result still in the income statement (REND - GAST) as part of
-- Capital próprio on a trial balance taken before the closing entries (periodResultInEquity in
-- @excelencia/domain). Stored values of every criterion whose formula reads the period-result leaf or one of its
-- ancestors (CP, CPR, RLPER in the seeded tree) may differ. Those nodes are found in the tree by account 818 and
-- administrators may have renamed them, so no pattern on criteria.formula names them with certainty: every stored
-- value is dropped. The server's start-up refresh finds each kept sheet without its indicator values and
-- computes them again (one pass of the engine per sheet).
DELETE FROM "indicator_values";
