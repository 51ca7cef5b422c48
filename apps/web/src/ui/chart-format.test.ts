import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartFigure, valueAxis } from './chart-format.ts';

/** A display text with its spaces as the no-break spaces the display rule writes. */
const nb = (text: string) => text.replace(/ /g, '\u00a0');

describe('chart figures', () => {
  it('are written as every number is displayed: grouped, at most 2 decimals, a dot before them', () => {
    expect(chartFigure(0.7)).toBe('0.7');
    expect(chartFigure(0.1 + 0.2)).toBe('0.3');
    expect(chartFigure(0.1492)).toBe('0.15');
    expect(chartFigure(-0.529)).toBe('-0.53');
    expect(chartFigure(12_000_000)).toBe(nb('12 000 000'));
    expect(chartFigure(-2_500_000.456)).toBe(nb('-2 500 000.46'));
    expect(chartFigure('1200')).toBe(nb('1 200'));
    expect(chartFigure(65, { decimals: 1, percent: true })).toBe(nb('65 %'));
  });

  it('gives nothing for what is not a finite number', () => {
    expect(chartFigure('x')).toBe('');
    expect(chartFigure(undefined)).toBe('');
    expect(chartFigure(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('the value axis ticks use the same rule; a Y axis is as wide as its longest tick', () => {
    expect(valueAxis('y').tickFormatter(2_500_000)).toBe(nb('2 500 000'));
    expect(valueAxis('y').width).toBe('auto');
    expect(valueAxis('x').tickFormatter(0.75)).toBe('0.75');
    expect(valueAxis('y', { percent: true }).tickFormatter(40)).toBe(nb('40 %'));
  });
});

describe('every chart of the web', () => {
  it('draws its value axis with valueAxis and writes its tooltips with a formatter of the display rule', () => {
    const root = join(import.meta.dirname, '..');
    const charts = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
      .filter((file) => /from '@mantine\/charts'/.test(readFileSync(join(root, file), 'utf8')));
    expect(charts.length).toBeGreaterThanOrEqual(8);
    const source = (file: string) => readFileSync(join(root, file), 'utf8');
    expect(charts.filter((file) => !/\bvalueAxis\('[xy]'/.test(source(file)))).toEqual([]);
    expect(
      charts.filter((file) => !/valueFormatter=\{(chartFigure|\(value\) => chart\w+\()/.test(source(file))),
    ).toEqual([]);
  });
});
