import { verifySite } from '@magotips/contracts/ledger-download';
import { describe, expect, it, vi } from 'vitest';
import { verifyRecord } from './verify-run';

vi.mock('@magotips/contracts/ledger-download', () => ({ verifySite: vi.fn() }));

type Report = Awaited<ReturnType<typeof verifySite>>;

const head = { seq: 1234, hash: '9f86d081884c7d65' + '0'.repeat(48), sig: '', at: null };

function report(patch: Partial<Report>): Report {
  return {
    ok: true,
    problems: [],
    entries: 1234,
    tips: 300,
    counted: 250,
    importedEntries: 0,
    pendingBets: 2,
    withoutBet: 4,
    figures: {} as Report['figures'],
    head,
    publicKey: 'ab'.repeat(32),
    ...patch,
  };
}

describe('verifyRecord', () => {
  it("runs contracts' verifySite on the origin, passing the progress through, and words the OK", async () => {
    vi.mocked(verifySite).mockResolvedValueOnce(report({}));
    const progress = vi.fn();
    const outcome = await verifyRecord('https://magotips.example', progress);
    expect(vi.mocked(verifySite).mock.calls[0]?.[0]).toBe('https://magotips.example');
    vi.mocked(verifySite).mock.calls[0]?.[1]?.onProgress?.(10, 20);
    expect(progress).toHaveBeenCalledWith(10, 20);
    expect(outcome).toEqual({
      ok: true,
      summary:
        'Verificado: 1234 entradas del registro hasta la entrada #1234 · 9f86d081884c7d65, con la ' +
        'cadena y todas las firmas correctas; 250 apuestas contadas, cada una fijada antes de su ' +
        'partido, y las cifras coinciden con las del servidor.',
    });
  });

  it('names each problem with its entry, and only the first fifty', async () => {
    const problems = [
      { seq: 17, message: 'Firma no válida' },
      { message: 'El resumen del servidor no coincide en beneficio' },
      ...Array.from({ length: 60 }, (_, i) => ({ seq: 100 + i, message: 'Hash no válido' })),
    ];
    vi.mocked(verifySite).mockResolvedValueOnce(report({ ok: false, problems }));
    const outcome = await verifyRecord('https://magotips.example', () => {});
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.summary).toBe(
      '62 problemas en el registro hasta la entrada #1234 · 9f86d081884c7d65:',
    );
    expect(outcome.problems[0]).toBe('Entrada #17: Firma no válida');
    expect(outcome.problems[1]).toBe('El resumen del servidor no coincide en beneficio');
    expect(outcome.problems).toHaveLength(51);
    expect(outcome.problems[50]).toBe('Y 12 más.');
  });
});
