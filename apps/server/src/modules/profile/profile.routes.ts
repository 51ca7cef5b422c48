import {
  ErrorResponse,
  MyProfile,
  PROFILE_PICTURE_MAX_BYTES,
  UpdateMyProfileRequest,
} from '@excelencia/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../auth/caller.ts';
import { actorOf } from '../../platform/actor.ts';
import { noFile, notAnImage, type ProfileService, pictureTooLarge } from './profile.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const SIGNED_IN = { roles: ['uma_authorization'] as ['uma_authorization'] };

/** The one uploaded file of a multipart request, read whole (the size limit turns into 413). */
async function uploadedFile(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badUpload();
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw noFile();
    throw error;
  }
  if (!part) throw noFile();
  try {
    return { data: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw pictureTooLarge();
    throw error;
  }
}

const badUpload = notAnImage;

export function profileRoutes(deps: { profile: ProfileService }) {
  const { profile } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(fastifyMultipart, {
      limits: { files: 1, fileSize: PROFILE_PICTURE_MAX_BYTES, fields: 5, parts: 6 },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/me/profile',
      {
        schema: { tags: ['me'], summary: "The caller's profile", response: { 200: MyProfile, ...errors } },
        config: SIGNED_IN,
      },
      async (request) => profile.get(caller(request)),
    );

    r.put(
      '/me/profile',
      {
        schema: {
          tags: ['me'],
          summary: "Changes the caller's name and language (at the identity provider too)",
          body: UpdateMyProfileRequest,
          response: { 200: MyProfile, ...errors },
        },
        config: SIGNED_IN,
      },
      async (request) => profile.update(caller(request), actorOf(request), request.body),
    );

    r.put(
      '/me/profile-picture',
      {
        schema: {
          tags: ['me'],
          summary:
            'Sets the profile picture: multipart/form-data with one file (JPEG, PNG or WebP by content, at most ' +
            `${PROFILE_PICTURE_MAX_BYTES / (1024 * 1024)} MB; else 400 or 413 and nothing changes)`,
          consumes: ['multipart/form-data'],
          response: { 200: MyProfile, ...errors, 413: ErrorResponse },
        },
        config: SIGNED_IN,
      },
      async (request) => profile.setPicture(caller(request), actorOf(request), await uploadedFile(request)),
    );

    r.delete(
      '/me/profile-picture',
      {
        schema: {
          tags: ['me'],
          summary: 'Removes the profile picture',
          response: { 200: MyProfile, ...errors },
        },
        config: SIGNED_IN,
      },
      async (request) => profile.removePicture(caller(request), actorOf(request)),
    );
  };
}
