import {
  ErrorResponse,
  MyProfile,
  megabytes,
  PersonalDataExport,
  PROFILE_PICTURE_MAX_BYTES,
  TwoFactorStatus,
  translate,
  UpdateMyProfileRequest,
} from '@excelencia/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../auth/caller.ts';
import { actorOf } from '../../platform/actor.ts';
import { attachment } from '../../platform/attachment.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { noImageFile } from '../../platform/files/image-upload.ts';
import { receiveFile } from '../../platform/multipart-file.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { type ProfileService, pictureTooLarge } from './profile.service.ts';

const SIGNED_IN = { roles: ['uma_authorization'] as ['uma_authorization'] };

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
        schema: {
          tags: ['me'],
          summary: "The caller's profile",
          response: { 200: MyProfile, ...errorResponses },
        },
        config: SIGNED_IN,
      },
      async (request) => profile.get(caller(request)),
    );

    r.get(
      '/me/data-export',
      {
        schema: {
          tags: ['me'],
          summary:
            'What the portal keeps of the caller as a person, as a JSON download: the account, the companies and ' +
            'roles, the partner entity, the invitations to their address and the last 1000 audit rows they made',
          response: { 200: PersonalDataExport, ...errorResponses },
        },
        config: SIGNED_IN,
      },
      async (request, reply) => {
        const data = await profile.dataExport(caller(request));
        const name = translate(requestLanguage(request), 'companyData:personalExport.fileName', {
          date: data.exportedAt.slice(0, 10),
        });
        return reply.header('content-disposition', attachment(name)).send(data);
      },
    );

    r.put(
      '/me/profile',
      {
        schema: {
          tags: ['me'],
          summary: "Changes the caller's name and language (at the identity provider too)",
          body: UpdateMyProfileRequest,
          response: { 200: MyProfile, ...errorResponses },
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
            `${megabytes(PROFILE_PICTURE_MAX_BYTES)} MB; else 400 or 413 and nothing changes)`,
          consumes: ['multipart/form-data'],
          response: { 200: MyProfile, ...errorResponses, 413: ErrorResponse },
        },
        config: SIGNED_IN,
      },
      async (request) => {
        const { data, filename } = await receiveFile(request, noImageFile, pictureTooLarge);
        return profile.setPicture(caller(request), actorOf(request), { data, filename });
      },
    );

    r.delete(
      '/me/profile-picture',
      {
        schema: {
          tags: ['me'],
          summary: 'Removes the profile picture',
          response: { 200: MyProfile, ...errorResponses },
        },
        config: SIGNED_IN,
      },
      async (request) => profile.removePicture(caller(request), actorOf(request)),
    );

    r.get(
      '/me/two-factor',
      {
        schema: {
          tags: ['me'],
          summary:
            "Whether the caller's sign-in asks for a one-time code (turned on at GET /auth/two-factor, off at " +
            'GET /auth/two-factor/remove)',
          response: { 200: TwoFactorStatus, ...errorResponses, 503: ErrorResponse },
        },
        config: SIGNED_IN,
      },
      async (request) => profile.twoFactor(caller(request)),
    );
  };
}
