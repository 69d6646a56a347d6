/** Every Spanish validation text of SPEC.md §5, written once and used by forms and routes. */
export const MSG = {
  // Registration
  firstName: 'El nombre debe tener entre 2 y 50 caracteres',
  lastName: 'El apellido debe tener entre 1 y 50 caracteres',
  email: 'Email inválido',
  password: 'La contraseña debe tener al menos 6 caracteres',
  passwordsMismatch: 'Las contraseñas no coinciden',
  // Any new password (registration, reset, change), never at login: common-passwords.ts.
  commonPassword: 'Esta contraseña es demasiado común. Elige otra más difícil de adivinar',
  phone: 'Número de teléfono inválido. Debe empezar con un dígito del 1-9',
  dateOfBirthRequired: 'La fecha de nacimiento es requerida',
  // Not a calendar date, or before 1900 (SPEC.md has no text for it: decision 0024).
  dateOfBirthInvalid: 'La fecha de nacimiento no es válida',
  underage: 'Debes ser mayor de 21 años para registrarte',
  termsRequired: 'Debes aceptar los términos y condiciones',
  // Password change and account deletion
  newPasswordLength: 'La nueva contraseña debe tener al menos 6 caracteres',
  currentPasswordRequired: 'Ingresa tu contraseña actual',
  deleteConfirm: 'Debes escribir "ELIMINAR" para confirmar',
  // Tip form
  sportRequired: 'Debes seleccionar un deporte',
  titleRequired: 'El título es requerido',
  titleTooLong: 'El título no puede exceder 200 caracteres',
  matchDateRequired: 'La fecha del partido es requerida',
  // Before 2000 (decision 0024).
  matchDateInvalid: 'La fecha del partido no es válida',
  matchTimeRequired: 'La hora del partido es requerida',
  analysisRequired: 'El análisis es requerido',
  matchDateFuture: 'La fecha y hora del partido debe ser futura',
  // Scheduled publication (issue 15 item 2; decision 0055).
  publishAtRequired: 'La fecha y hora de publicación son requeridas',
  publishAtInvalid: 'La fecha de publicación no es válida',
  publishAtFuture: 'La publicación programada debe ser una fecha y hora futura',
  publishAtBeforeMatch: 'La publicación programada debe ser anterior al inicio del partido',
  publishAtWhilePublished:
    'Un tip publicado no se programa: desmarca «Publicado» para programar su publicación',
  // Pack form
  packNameRequired: 'El nombre del pack es requerido',
  packDescriptionRequired: 'La descripción del pack es requerida',
  priceRequired: 'El precio es requerido',
  pricePositive: 'El precio debe ser un número mayor a 0',
  packTipsRequired: 'Debes seleccionar al menos un tip VIP',
  priceDecimals: 'El precio debe tener como máximo dos decimales',
  // "1.250,00" or "1,250.00": a typed price takes no thousands separator (decision 0035).
  priceThousands:
    'Escribe el precio sin separador de miles: usa la coma o el punto solo para los centavos (ej.: 1250,50)',
  // Plan form
  planNameTooLong: 'El nombre del plan no puede exceder 100 caracteres',
  planKeyTooLong: 'La clave del plan no puede exceder 50 caracteres',
  planFeatureTooLong: 'Cada beneficio no puede exceder 200 caracteres',
  planNameRequired: 'El nombre del plan es requerido',
  planKeyRequired: 'La clave del plan es requerida',
  planKeyFormat: 'La clave solo puede contener letras minúsculas, números, guiones y guiones bajos',
  planDuration: 'La duración debe ser un número entero mayor a 0',
  // Global messages
  messageEmpty: 'El mensaje no puede estar vacío',
  messageTooLong: 'El mensaje no puede exceder 200 caracteres',
  messageType: 'Tipo de mensaje inválido',
  messageNotFound: 'Mensaje no encontrado',
  // "Mostrar hasta" (issue 29 item 15d; decision 0087)
  messageEndsAtInvalid: 'La fecha de «Mostrar hasta» no es válida',
  messageEndsAtFuture: '«Mostrar hasta» debe ser una fecha y hora futura',
  adminRequired: 'Acceso denegado: Se requiere rol de administrador',
  // Other
  periodDates: 'Selecciona fechas de inicio y fin',
  planRequired: 'Por favor selecciona un plan',
  packIdInvalid: 'ID del pack no válido',
  noPurchaseData: 'No hay datos de compra disponibles',
  unsupportedPurchase: 'Tipo de compra no soportado',
  purchaseInProgress:
    'Ya tienes una compra en progreso. Completa el pago actual antes de iniciar uno nuevo.',
  noToken: 'No hay token de autenticación',
  // 415: the API reads JSON bodies only (the Stripe webhook and the test checkout's HTML form
  // excepted).
  unsupportedMediaType: 'Formato de datos no admitido. Envía la información en formato JSON.',
  payloadTooLarge: 'Los datos enviados son demasiado grandes.',
  // A NUL character in any text field, query or path (PostgreSQL cannot store it).
  nulCharacter: 'Los datos enviados contienen caracteres no permitidos.',
  paypalSoon: 'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.',
  verifyTokenMissing: 'Token de verificación no encontrado.',
  // A `next` that is not a page of this site (issue 13: no open redirect).
  nextPathInvalid: 'La página a la que volver no es válida.',
  baseRoleRemoval: 'No se puede quitar el rol de usuario básico',
  bothRolesRequired: 'Se requieren AMBOS roles: editor y admin.',
  // Tips, packs and plans on the server (texts SPEC.md leaves open)
  editorRequired: 'Acceso denegado. Se requiere rol de editor.',
  /** Results are facts about matches: editors and admins both record them (issue 14 item 3). */
  editorOrAdminRequired: 'Acceso denegado. Se requiere rol de editor o de administrador.',
  /** DELETE of a tip inside a pack someone bought: the buyer keeps what they paid for, even
   * unpublished (decision 0084), and the text says so. */
  tipInSoldPack:
    'No se puede eliminar este tip: se vendió en un pack y sus compradores lo conservan. Si lo despublicas, dejará de verse para los demás, pero quienes compraron el pack seguirán teniéndolo.',
  invalidId: 'El identificador no es válido.',
  // The editors' list by match date (issue 17 item 3)
  tipCursorInvalid: 'La posición de la lista no es válida. Vuelve a la primera página.',
  tipJumpInvalid: 'La fecha a la que saltar no es válida.',
  tipListOneWay:
    'La lista va por número de página (page) o por posición (after, before o from): solo una de ellas.',
  tipListKeysetManagement: 'La lista por fecha del partido es solo para la gestión de tips.',
  premiumRequired:
    'Este análisis es VIP: necesitas una suscripción activa o comprar un pack que lo incluya.',
  vipSubscriptionRequired: 'Necesitas una suscripción activa para ver los tips VIP.',
  /** GET /api/tips/vip (decision 0108): the full list is for readers of every VIP tip. */
  vipTipsListRequired:
    'La lista de todos los tips VIP es para suscriptores con un plan que incluye todos los tips VIP.',
  vipTipsLimitInvalid: 'El número de tips por página debe estar entre 1 y 50.',
  /** A subscriber whose plan opens the VIP tips of the packs on sale, not the others (0097). */
  tipOutsidePlanPacks:
    'Tu plan incluye los tips VIP de los packs a la venta, y este tip no está en ninguno: puedes comprar un pack que lo incluya o elegir un plan con todos los tips VIP.',
  planPacksOnlyEmpty:
    'Tu plan incluye los tips VIP de los packs a la venta, y ahora ningún pack tiene tips VIP próximos.',
  noTipsAvailable: 'No hay tips disponibles.',
  packTipsInvalid:
    'Algunos de los tips seleccionados ya no existen o no son VIP. Actualiza la selección.',
  packInUse:
    'Este pack tiene compras o un pago en curso y no se puede eliminar. Desactívalo para retirarlo de la venta.',
  planKeyTaken: 'Ya existe un plan con esa clave.',
  planInUse:
    'Este plan tiene suscripciones o pagos registrados y no se puede eliminar. Desactívalo para retirarlo de la venta.',
  // The track record (issue 14; texts SPEC.md leaves open)
  pickRequired: 'El pronóstico es requerido',
  pickTooLong: 'El pronóstico no puede exceder 120 caracteres',
  oddsRequired: 'La cuota es requerida',
  oddsRange: 'La cuota debe estar entre 1,01 y 1000',
  oddsDecimals: 'La cuota admite como máximo dos decimales',
  oddsInvalid: 'Escribe la cuota en formato decimal, por ejemplo 1,85',
  stakeRequired: 'El stake es requerido',
  stakeRange: 'El stake debe ser un número entero entre 1 y 10',
  bookmakerTooLong: 'La casa de apuestas no puede exceder 50 caracteres',
  /** Pick, odds and stake make one bet: all three or none (a tip without them is not counted). */
  betIncomplete: 'Completa el pronóstico, la cuota y el stake, o deja los tres vacíos',
  tipLocked:
    'El partido ya ha empezado: el partido (título, deporte, fecha y categoría) y la apuesta ya no se pueden cambiar. Puedes corregir el análisis.',
  matchNotStarted: 'El partido aún no ha empezado: el resultado se registra después del inicio.',
  resultRequired: 'Elige un resultado: ganado, perdido, nulo, medio ganado o medio perdido',
  tipNotTracked: 'Este tip no tiene pronóstico ni cuota: no entra en el historial.',
  tipInTrackRecord:
    'Este tip ya forma parte del historial verificado: no se puede eliminar ni ocultar.',
  // The proof issue: the lock, corrections and VIP titles
  correctionReason: 'Explica el motivo de la corrección (entre 10 y 300 caracteres)',
  vipTitleHasPick:
    'El título de un tip VIP no puede contener su pronóstico: nombra solo el partido (el pronóstico es lo que pagan los suscriptores)',
  previousContentReserved: 'Contenido anterior reservado a suscriptores',
  // A visitor on a free tip (decision 0089): the card and its history, not the analysis.
  signInToRead: 'Inicia sesión para leer este análisis.',
  analysisForRegistered: 'Análisis reservado a usuarios registrados',
  // The track record's filters (issue 27 item 6): dates of kick-off as the URL keeps them.
  recordDateInvalid: 'Escribe la fecha como AAAA-MM-DD, por ejemplo 2026-05-31',
  recordDateOrder: 'La fecha inicial no puede ser posterior a la final',
  // Receipts and the buyer's tax id (issue 30 item 6; decision 0093)
  taxIdCountry: 'Elige el país de tu identificación fiscal: España, México, Argentina o Colombia',
  taxIdEs:
    'El NIF no es válido: escribe 8 cifras y la letra (DNI), la letra X, Y o Z, 7 cifras y la letra (NIE), o el NIF de una sociedad',
  taxIdMx:
    'El RFC no es válido: escribe 3 o 4 letras, la fecha (AAMMDD) y la homoclave de 3 caracteres',
  taxIdAr: 'El CUIT no es válido: escribe sus 11 cifras; el dígito verificador no coincide',
  taxIdCo:
    'El NIT no es válido: escribe el número y su dígito de verificación, por ejemplo 900123456-8',
  receiptNotFound: 'Recibo no encontrado.',
} as const;

/** Confirmations the server sends with a successful change (shown as toasts, never as errors). */
export const NOTICE = {
  tipsLoaded: 'Tips cargados correctamente.',
  tipCreated: 'Tip creado correctamente.',
  tipUpdated: 'Tip actualizado correctamente.',
  tipPublished: 'Tip publicado.',
  tipUnpublished: 'Tip ocultado.',
  tipDeleted: 'Tip eliminado correctamente.',
  tipSettled: 'Resultado registrado.',
  packCreated: 'Pack creado correctamente.',
  packUpdated: 'Pack actualizado correctamente.',
  packActivated: 'Pack activado.',
  packDeactivated: 'Pack desactivado.',
  packDeleted: 'Pack eliminado correctamente.',
  planCreated: 'Plan creado correctamente.',
  planUpdated: 'Plan actualizado correctamente.',
  planActivated: 'Plan activado.',
  planDeactivated: 'Plan desactivado.',
  planDeleted: 'Plan eliminado correctamente.',
  taxIdSaved: 'Datos fiscales guardados. Los próximos recibos los incluirán.',
  taxIdRemoved: 'Datos fiscales eliminados. Los próximos recibos no los llevarán.',
} as const;
