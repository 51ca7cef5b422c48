import { describe, expect, it } from 'vitest';
import { SECTOR_MIN_COMPANIES } from '../diagnosis/engine.ts';
import { ESG_SAMPLE_DEFINITION } from './sample-form.ts';
import { answerErrors, median, scoreAnswers, sectionProgress, sectorMedian } from './scoring.ts';

describe('scoreAnswers', () => {
  it('scores each pillar and the whole form as points earned out of points possible', () => {
    const scores = scoreAnswers(ESG_SAMPLE_DEFINITION, {
      energy: 'some',
      waste: ['sort', 'compost'],
      training: { managers: 'quarterly', staff: 'yearly' },
      community: 'Apoiamos a escola local',
      ethics: 'yes',
    });
    // Environment: energy 'some' 5 of max 10; waste sort 4 + compost (unscored) 0 of 4 + 6 = 10 → 9 / 20 = 45.0 %
    // Social: training managers 6 + staff 3 = 9 of 2 rows × 6 = 12; community is text (unscored) → 75.0 %
    // Governance: ethics 'yes' 8 of 8 → 100.0 %
    // Overall: (9 + 9 + 8) / (20 + 12 + 8) = 26 / 40 = 65.0 %
    expect(scores).toEqual({
      pillars: [
        { pillar: 'environment', earned: 9, max: 20, percent: 45 },
        { pillar: 'social', earned: 9, max: 12, percent: 75 },
        { pillar: 'governance', earned: 8, max: 8, percent: 100 },
      ],
      overall: { earned: 26, max: 40, percent: 65 },
    });
  });

  it('counts unanswered questions as 0 and rounds to one decimal', () => {
    const scores = scoreAnswers(ESG_SAMPLE_DEFINITION, { energy: 'all', training: { managers: 'yearly' } });
    // Environment: 10 / 20 = 50.0 %; Social: managers 3, staff unanswered 0 → 3 / 12 = 25.0 %; Governance 0 / 8
    // Overall: 13 / 40 = 32.5 %
    expect(scores.pillars.map((p) => p.percent)).toEqual([50, 25, 0]);
    expect(scores.overall).toEqual({ earned: 13, max: 40, percent: 32.5 });
    // Environment alone: energy unanswered 0 of 10, waste 'sort' 4 of 10 → 4 / 20 = 20.0 %
    expect(
      scoreAnswers(
        {
          sections: [
            ESG_SAMPLE_DEFINITION.sections[0] as never,
            { pillar: 'social', questions: [] },
            { pillar: 'governance', questions: [] },
          ],
        },
        { waste: ['sort'] },
      ).pillars[0]?.percent,
    ).toBe(20);
  });
});

describe('answerErrors', () => {
  it("names every required question left open with 'Mandatory Field' only on submit", () => {
    const answers = { energy: 'some', training: { managers: 'never' }, community: '   ' };
    expect(answerErrors(ESG_SAMPLE_DEFINITION, answers, { final: false })).toEqual({});
    expect(answerErrors(ESG_SAMPLE_DEFINITION, answers, { final: true })).toEqual({
      training: 'validation:required',
      community: 'validation:required',
      ethics: 'validation:required',
    });
  });

  it('refuses answers that do not fit their question, and unknown questions', () => {
    expect(
      answerErrors(
        ESG_SAMPLE_DEFINITION,
        { energy: 'maybe', waste: 'sort', training: { bosses: 'never' }, extra: 'x' },
        { final: false },
      ),
    ).toEqual({
      energy: 'esg:errors.invalidAnswer',
      waste: 'esg:errors.invalidAnswer',
      training: 'esg:errors.invalidAnswer',
      extra: 'esg:errors.unknownQuestion',
    });
  });
});

describe('sectionProgress', () => {
  it('counts the answered questions per section', () => {
    expect(sectionProgress(ESG_SAMPLE_DEFINITION, { energy: 'none', waste: [], community: 'x' })).toEqual([
      { pillar: 'environment', answered: 1, total: 2 },
      { pillar: 'social', answered: 1, total: 2 },
      { pillar: 'governance', answered: 0, total: 1 },
    ]);
  });
});

describe('sector medians', () => {
  it('hold back the median below five companies (k ≥ 5)', () => {
    expect(SECTOR_MIN_COMPANIES).toBe(5);
    expect(sectorMedian([10, 20, 30, 40])).toBeNull();
    // 10, 20, 30, 40, 50 → the third value, 30
    expect(sectorMedian([50, 10, 40, 20, 30])).toEqual({ median: 30, companies: 5 });
    // 10, 20, 30, 40, 50, 65 → (30 + 40) / 2 = 35
    expect(sectorMedian([10, 20, 30, 40, 50, 65])).toEqual({ median: 35, companies: 6 });
    expect(median([])).toBeNull();
  });
});
