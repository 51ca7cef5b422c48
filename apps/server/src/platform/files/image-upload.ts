import { megabytes } from '@excelencia/domain';
import { AppError } from '../errors.ts';

/** The errors of a picture upload (a profile picture, a content image), each shown under the file field. */
export const noImageFile = () =>
  new AppError(400, 'no_file', 'companies:errors.noFile', {
    details: [{ path: 'file', message: 'companies:errors.noFile' }],
  });

export const notAnImage = () =>
  new AppError(400, 'not_an_image', 'companies:errors.notAnImage', {
    details: [{ path: 'file', message: 'companies:errors.notAnImage' }],
  });

/** Over `maxBytes`: the message names the limit in MB. */
export function imageTooLarge(maxBytes: number): AppError {
  const params = { max: megabytes(maxBytes) };
  return new AppError(413, 'file_too_large', 'companies:errors.pictureTooLarge', {
    params,
    details: [{ path: 'file', message: 'companies:errors.pictureTooLarge', params }],
  });
}
