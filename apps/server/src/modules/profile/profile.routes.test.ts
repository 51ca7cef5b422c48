import { PROFILE_PICTURE_MAX_BYTES } from '@excelencia/domain';
import { IdpTestBrowser, pageErrorText, parseForms } from '@excelencia/idp/testing';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieValue,
  createTestContext,
  loginCookie,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { API_PREFIX, apiCalls } from '../../../test/support/http.ts';
import { findAccountById } from '../../auth/accounts.repository.ts';
import { SESSION_COOKIE } from '../../auth/guard.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { UPLOADS_PER_MINUTE } from '../../platform/upload-rate-limit.ts';

let ctx: TestContext;
let user: TestUser;
let session: SignedIn;

// Real images (sharp decodes every upload): 3×2 px, one colour each.
const pixels = (r: number, g: number, b: number) =>
  sharp({ create: { width: 3, height: 2, channels: 3, background: { r, g, b } } });
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----c2boundary${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (file: Buffer, filename: string, type = 'image/png') => {
  const body = multipart(file, filename, type);
  return ctx.app.inject({
    method: 'PUT',
    url: `${API_PREFIX}/me/profile-picture`,
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

const { get, send } = apiCalls(() => ctx.app);

beforeAll(async () => {
  [PNG, JPEG, WEBP] = await Promise.all([
    pixels(255, 0, 0).png().toBuffer(),
    pixels(0, 255, 0).jpeg().toBuffer(),
    pixels(0, 0, 255).webp().toBuffer(),
  ]);
  ctx = await createTestContext();
  await ctx.reset();
  user = await ctx.createUser({ email: 'perfil@empresa.cv', name: 'Nome Antigo', roles: ['company'] });
  session = await ctx.signIn(user.email, user.password);
});

afterAll(async () => {
  await ctx?.close();
});

describe('me/profile', () => {
  it('changes name and language here and at the identity provider', async () => {
    const before = await get(session, `/me/profile`);
    expect(before.json()).toEqual({
      name: 'Nome Antigo',
      email: user.email,
      language: 'pt',
      profilePicture: null,
    });
    const saved = await send(session, 'PUT', `/me/profile`, { name: 'Nome Novo', language: 'fr' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Nome Novo', language: 'fr' });
    const token = decodeJwt(await ctx.bearer(user.email, user.password));
    expect(token.name).toBe('Nome Novo');
    expect(token.locale).toBe('fr');
    const empty = await send(session, 'PUT', `/me/profile`, { name: ' ', language: 'en' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('me/profile-picture', () => {
  it('accepts JPEG, PNG and WebP by content and serves the last one', async () => {
    for (const [data, name, mime] of [
      [JPEG, 'me.jpg', 'image/jpeg'],
      [WEBP, 'me.webp', 'image/webp'],
      [PNG, 'me.png', 'image/png'],
    ] as const) {
      const response = await upload(data, name, 'application/octet-stream');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().profilePicture).toBe(
        `${API_PREFIX}/accounts/${user.accountId}/profile-pictures`,
      );
      const served = await get(session, `/accounts/${user.accountId}/profile-pictures`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe(mime.replace('image/', ''));
      expect([meta.width, meta.height]).toEqual([3, 2]);
    }
    const [audit] = await listAudit(ctx.db, { entity: 'me/profile', entityId: user.accountId });
    expect(audit?.action).toBe('profile-picture');
  });

  it('stores only the re-encoded image: HTML after a PNG, a zip after a JPEG and the EXIF are gone', async () => {
    const served = async () =>
      (await get(session, `/accounts/${user.accountId}/profile-pictures`)).rawPayload;
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const png = await upload(Buffer.concat([PNG, Buffer.from(html)]), 'polyglot.png');
    expect(png.statusCode, png.body).toBe(200);
    const pngBytes = await served();
    expect(pngBytes.includes('<script>')).toBe(false);
    // A PNG ends with its IEND chunk: nothing after it.
    expect(pngBytes.subarray(-8).toString('latin1')).toBe('IEND\xae\x42\x60\x82');
    expect((await sharp(pngBytes).metadata()).format).toBe('png');

    const withExif = await pixels(10, 20, 30)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Owner' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('payload.html<html>')]);
    const jpeg = await upload(Buffer.concat([withExif, zip]), 'polyglot.jpg', 'image/jpeg');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    const jpegBytes = await served();
    expect(jpegBytes.includes('PK\x03\x04')).toBe(false);
    expect(jpegBytes.includes('Secret Owner')).toBe(false);
    // A JPEG ends with its EOI marker.
    expect([...jpegBytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    const meta = await sharp(jpegBytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('refuses bytes that begin like a PNG but do not decode (400)', async () => {
    const fake = Buffer.concat([PNG.subarray(0, 16), Buffer.from('<html>not pixels</html>')]);
    const response = await upload(fake, 'fake.png');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('not_an_image');
  });

  it('refuses a text file named .png (400) and a too large file (413), leaving the picture as it was', async () => {
    const kept = (await findAccountById(ctx.db, user.accountId))?.profilePictureFileId;
    expect(kept).toBeTruthy();
    const text = await upload(Buffer.from('just some text, not an image'), 'photo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toMatch(/JPEG, PNG/);
    const large = await upload(
      Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES, 0)]),
      'big.png',
      'image/png',
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('file_too_large');
    expect((await findAccountById(ctx.db, user.accountId))?.profilePictureFileId).toBe(kept);
  });

  it('removes the picture', async () => {
    const removed = await send(session, 'DELETE', `/me/profile-picture`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().profilePicture).toBeNull();
    const served = await get(session, `/accounts/${user.accountId}/profile-pictures`);
    expect(served.statusCode).toBe(404);
  });
});

describe('uploads per user', () => {
  it(`answers the ${UPLOADS_PER_MINUTE + 1}th upload of a minute 429 with Retry-After, for that user only`, async () => {
    const busy = await ctx.createUser({ email: 'busy@empresa.cv', roles: ['company'] });
    const busySession = await ctx.signIn(busy.email, busy.password);
    const put = (signed: SignedIn) => {
      const body = multipart(PNG, 'me.png', 'image/png');
      return ctx.app.inject({
        method: 'PUT',
        url: `${API_PREFIX}/me/profile-picture`,
        headers: { ...signed.headers, 'content-type': body.contentType, 'x-language': 'en' },
        payload: body.payload,
      });
    };
    for (let i = 0; i < UPLOADS_PER_MINUTE; i += 1) {
      const response = await put(busySession);
      expect(response.statusCode, response.body).toBe(200);
    }
    const limited = await put(busySession);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      error: {
        code: 'rate_limited',
        key: 'errors:uploadRateLimited',
        message: `Too many files uploaded (at most ${UPLOADS_PER_MINUTE} a minute). Try again in a moment.`,
      },
    });
    // Other calls of that user, and other users' uploads, go on.
    const profile = await send(busySession, 'PUT', `/me/profile`, { name: 'Busy', language: 'pt' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await put(session)).statusCode).toBe(200);
  });
});

describe('GET /auth/change-password', () => {
  it('refuses an unsafe callback address', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/auth/change-password?callbackUrl=https://evil.example/x',
    });
    expect(response.statusCode).toBe(400);
  });

  it("goes through the provider's password page and back as a normal sign-in", async () => {
    const start = await ctx.app.inject({
      method: 'GET',
      url: '/auth/change-password?callbackUrl=/en/users/profile&lang=en',
    });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.searchParams.get('kc_action')).toBe('UPDATE_PASSWORD');
    const browser = new IdpTestBrowser();
    const login = await browser.follow(location.href);
    const loginForm = parseForms(login.page, login.url).find((f) => f.fields.has('password'));
    if (!loginForm) throw new Error(pageErrorText(login.page));
    const asked = await browser.follow(loginForm.action, {
      form: { ...Object.fromEntries(loginForm.fields), email: user.email, password: user.password },
    });
    expect(asked.page).toContain('Change your password');
    const form = parseForms(asked.page, asked.url).find((f) => f.fields.has('newPassword'));
    if (!form) throw new Error(pageErrorText(asked.page));
    const done = await browser.follow(form.action, {
      form: {
        ...Object.fromEntries(form.fields),
        newPassword: 'Nova!Senha-2026',
        confirmPassword: 'Nova!Senha-2026',
      },
    });
    expect(done.left).toBe(true);
    const returned = new URL(done.url);
    const callback = await ctx.app.inject({
      method: 'GET',
      url: `/auth/callback${returned.search}`,
      headers: { cookie: loginCookie(start.headers['set-cookie']) },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/en/users/profile');
    expect(cookieValue(callback.headers['set-cookie'], SESSION_COOKIE)).toBeTruthy();

    await expect(ctx.signIn(user.email, user.password)).rejects.toThrow();
    const again = await ctx.signIn(user.email, 'Nova!Senha-2026');
    expect(again.cookie).toContain(SESSION_COOKIE);
  });
});
