import { ERROR_CODES, type ErrorCode, statusDefaultMessage } from '@magotips/contracts/http-errors';

/** The one error type services throw; the error handler turns it into the JSON error shape. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode | string,
    public readonly status: number,
    message?: string,
  ) {
    super(message ?? statusDefaultMessage(status));
    this.name = 'AppError';
  }

  static notFound(message?: string): AppError {
    return new AppError(ERROR_CODES.notFound, 404, message);
  }
  static forbidden(message?: string): AppError {
    return new AppError(ERROR_CODES.forbidden, 403, message);
  }
  static unauthorized(message?: string): AppError {
    return new AppError(ERROR_CODES.unauthorized, 401, message);
  }
  static badRequest(message?: string): AppError {
    return new AppError(ERROR_CODES.badRequest, 400, message);
  }
  static conflict(message?: string, code: string = ERROR_CODES.conflict): AppError {
    return new AppError(code, 409, message);
  }
}
