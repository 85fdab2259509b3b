import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.js';

describe('detectLanguage', () => {
  it('detects Arabic', () => {
    expect(detectLanguage('تهدف هذه السياسة إلى تنظيم الإجازات السنوية للموظفين في الشركة.')).toBe('ar');
    expect(detectLanguage('الإجازة')).toBe('ar');
  });
  it('detects English', () => {
    expect(detectLanguage('This policy describes the annual leave of the employees of the company.')).toBe(
      'en',
    );
    expect(detectLanguage('leave policy')).toBe('en');
  });
  it('uses the majority script in mixed text', () => {
    expect(detectLanguage('سياسة الإجازات السنوية للموظفين في الشركة (HR)')).toBe('ar');
  });
  it('reports other languages as und', () => {
    expect(detectLanguage('Les employés ont droit à des congés payés chaque année selon la loi.')).toBe(
      'und',
    );
    expect(
      detectLanguage('کارمندان شرکت می‌توانند از مرخصی سالانه استفاده کنند و پیش از آن درخواست بدهند'),
    ).toBe('und');
    expect(detectLanguage('123 456 !!!')).toBe('und');
    expect(detectLanguage('日本語のテキストです')).toBe('und');
  });
});
