/** Every failed API call. Status 0 marks failures that never got an HTTP answer. Kept apart
 * from api-client.ts so code that only inspects errors does not pull in Zod. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}
