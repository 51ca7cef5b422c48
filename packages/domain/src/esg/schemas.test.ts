import { describe, expect, it } from 'vitest';
import { ESG_SAMPLE_DEFINITION } from './sample-form.ts';
import { EsgFormDefinition, EsgFormInput } from './schemas.ts';

/** A deep copy to break on purpose (JSON.parse leaves it untyped). */
const clone = () => JSON.parse(JSON.stringify(ESG_SAMPLE_DEFINITION));

function messages(value: unknown): { path: string; message: string }[] {
  const result = EsgFormDefinition.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('EsgFormDefinition', () => {
  it('accepts a form with the four question types', () => {
    expect(EsgFormDefinition.safeParse(ESG_SAMPLE_DEFINITION).success).toBe(true);
  });

  it('rejects an unknown question type', () => {
    const form = clone();
    form.sections[0].questions[0].type = 'slider';
    expect(messages(form)).toContainEqual({
      path: 'sections.0.questions.0.type',
      message: 'esg:errors.unknownType',
    });
  });

  it('rejects a matrix without rows', () => {
    const form = clone();
    form.sections[1].questions[0].rows = [];
    expect(messages(form)).toContainEqual({
      path: 'sections.1.questions.0.rows',
      message: 'esg:errors.matrixWithoutRows',
    });
  });

  it('rejects duplicate order numbers of questions, options and matrix rows', () => {
    const questions = clone();
    questions.sections[0].questions[1].order = 1;
    expect(messages(questions)).toContainEqual({
      path: 'sections.0.questions.1.order',
      message: 'esg:errors.duplicateOrder',
    });
    const options = clone();
    options.sections[0].questions[0].options[2].order = 2;
    expect(messages(options)).toContainEqual({
      path: 'sections.0.questions.0.options.2.order',
      message: 'esg:errors.duplicateOrder',
    });
    const rows = clone();
    rows.sections[1].questions[0].rows[1].order = 1;
    expect(messages(rows)).toContainEqual({
      path: 'sections.1.questions.0.rows.1.order',
      message: 'esg:errors.duplicateOrder',
    });
  });

  it('rejects order numbers that do not start at 1 or leave a gap', () => {
    const zero = clone();
    zero.sections[2].questions[0].order = 0;
    expect(messages(zero)).toContainEqual({
      path: 'sections.2.questions.0.order',
      message: 'esg:errors.orderFromOne',
    });
    const gap = clone();
    gap.sections[0].questions[1].order = 3;
    expect(messages(gap)).toContainEqual({
      path: 'sections.0.questions.1.order',
      message: 'esg:errors.orderGap',
    });
  });

  it('rejects pillars out of order, a repeated question key, a form without questions and extra fields', () => {
    const swapped = clone();
    [swapped.sections[0], swapped.sections[1]] = [swapped.sections[1], swapped.sections[0]];
    expect(messages(swapped).map((m) => m.message)).toContain('esg:errors.threePillars');
    const repeated = clone();
    repeated.sections[2].questions[0].id = 'energy';
    expect(messages(repeated)).toContainEqual({
      path: 'sections.2.questions.0.id',
      message: 'esg:errors.duplicateKey',
    });
    const empty = {
      sections: ['environment', 'social', 'governance'].map((pillar) => ({ pillar, questions: [] })),
    };
    expect(messages(empty)).toContainEqual({ path: 'sections', message: 'esg:errors.noQuestions' });
    const extra = clone();
    extra.sections[1].questions[1].options = [];
    expect(EsgFormDefinition.safeParse(extra).success).toBe(false);
  });

  it('rejects a score above 100 and a period outside 2000-2100 in the form input', () => {
    const form = clone();
    form.sections[0].questions[0].options[2].score = 101;
    expect(messages(form).map((m) => m.message)).toContain('esg:errors.scoreTooHigh');
    const input = {
      title: { pt: 'ESG', en: '', fr: '' },
      description: { pt: 'Questionário', en: '', fr: '' },
      period: 1999,
      editionId: null,
      status: 'draft',
      definition: ESG_SAMPLE_DEFINITION,
    };
    expect(EsgFormInput.safeParse(input).error?.issues[0]?.message).toBe('esg:errors.period');
    expect(EsgFormInput.safeParse({ ...input, period: 2025 }).success).toBe(true);
    const noDescription = { ...input, period: 2025, description: { pt: ' ', en: 'x', fr: '' } };
    expect(EsgFormInput.safeParse(noDescription).error?.issues[0]).toMatchObject({
      path: ['description', 'pt'],
      message: 'validation:required',
    });
  });
});
