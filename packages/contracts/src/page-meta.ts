// What the served HTML of a public page says in its <head> (the proof issue, item 6: /historial's
// <title> and one meta description come in the HTML, for search engines and link previews that
// run no script). The page components render the same title once they run.
export type PageMeta = { title: string; description: string };

export const PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/historial': {
    title: 'Historial verificado · MagoTips',
    description:
      'Cada pronóstico de MagoTips con su cuota, stake y resultado, publicado antes del partido y anotado en un registro público firmado que cualquiera puede verificar.',
  },
  '/historial/registro': {
    title: 'Registro público del historial · MagoTips',
    description:
      'Las entradas encadenadas y firmadas del historial de MagoTips: publicaciones, cambios, inicios, revelaciones y resultados, para comprobarlas sin fiarse del servidor.',
  },
};
