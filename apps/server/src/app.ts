import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { translate } from '@excelencia/domain';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.ts';
import { type AuthService, createAuthService, safeEqual } from './auth/auth.service.ts';
import { API_PREFIX, DOCS_PREFIX, registerAuthGuard } from './auth/guard.ts';
import { createIdentityAdmin, type IdentityAdmin } from './auth/identity-admin.ts';
import { createOidc, type Oidc } from './auth/oidc.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { devMailRoutes, isLoopback } from './dev/mail-viewer.routes.ts';
import { createBackgroundJobs } from './jobs.ts';
import { accountsRoutes, createAccountsService } from './modules/accounts/index.ts';
import {
  appealsRoutes,
  applicationMessagesRoutes,
  applicationsRoutes,
  createAppealsService,
  createApplicationMessagesService,
  createApplicationsService,
  createEditionsService,
  createResultsService,
  editionsRoutes,
} from './modules/applications/index.ts';
import { automationsRoutes, createAutomationsService } from './modules/automations/index.ts';
import {
  balanceSheetsRoutes,
  balanceTreeRoutes,
  createBalanceSheetsService,
} from './modules/balance-sheets/index.ts';
import { barometerRoutes, createBarometerService } from './modules/barometer/index.ts';
import { broadcastsRoutes, createBroadcastsService } from './modules/broadcasts/index.ts';
import {
  companiesRoutes,
  createCompaniesService,
  createMembersService,
  createNameChangesService,
  membersRoutes,
} from './modules/companies/index.ts';
import {
  activityRoutes,
  closureRoutes,
  createActivityService,
  createClosureService,
  createExportsService,
  exportsRoutes,
} from './modules/company-data/index.ts';
import { contentRoutes, createContentImagesService, createContentService } from './modules/content/index.ts';
import {
  createDiagnosisService,
  createIndicatorRefresher,
  createStatisticsBuilder,
  diagnosisRoutes,
  type IndicatorRefresher,
  refreshSheetIndicators,
  type StatisticsBuilder,
} from './modules/diagnosis/index.ts';
import { createEsgService, esgRoutes } from './modules/esg/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createNewsletterService, newsletterRoutes } from './modules/newsletter/index.ts';
import {
  createFunnelService,
  createOverviewService,
  funnelRoutes,
  overviewRoutes,
} from './modules/overview/index.ts';
import {
  createApiTokensService,
  createConsentsService,
  createFollowRequestsService,
  createPartnerAreaService,
  createPartnersService,
  partnerAreaRoutes,
  partnersRoutes,
} from './modules/partners/index.ts';
import { createProfileService, profileRoutes } from './modules/profile/index.ts';
import { createReferenceService, referenceRoutes } from './modules/reference/index.ts';
import {
  createInvitationsService,
  createNifClaimsService,
  createPublicOptions,
  createRegistrationService,
  registrationRoutes,
} from './modules/registration/index.ts';
import {
  createPageShell,
  firstAnswers,
  loadPageRenderer,
  pageViewOf,
  signInPages,
  siteRoutes,
  webPageStatus,
  withFirstAnswers,
} from './modules/site/index.ts';
import { createUsersService, usersRoutes } from './modules/users/index.ts';
import { createVisitsService, visitsRoutes } from './modules/visits/index.ts';
import {
  clientErrorHandler,
  handleError,
  registerErrorHandler,
  sendError,
} from './platform/error-handler.ts';
import { AppError, notFound } from './platform/errors.ts';
import { fileStoreFor } from './platform/files/configured-store.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { registerInputCharacterCheck } from './platform/input-characters.ts';
import type { JobWorker } from './platform/jobs/jobs.ts';
import { createMetrics, type Metrics } from './platform/metrics.ts';
import { removeUploadLeftovers } from './platform/multipart-file.ts';
import { createPageViewCounter } from './platform/page-views.ts';
import { registerPublicAnswers } from './platform/public-answers.ts';
import { requestLanguage } from './platform/request-language.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerUploadRateLimit } from './platform/upload-rate-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background refresh of derived indicator values (modules/diagnosis/indicators.ts). */
    indicators: IndicatorRefresher;
    /** The background build of the statistics computed ahead (modules/diagnosis/diagnosis.statistics.ts). */
    statistics: StatisticsBuilder;
    /** The background job worker (jobs.ts): main.ts starts it; tests run one pass with jobs.runOnce(now). */
    jobs: JobWorker;
    /** Prometheus metrics (platform/metrics.ts): main.ts counts mails and may serve them on METRICS_PORT. */
    metrics: Metrics;
    /** Marks the process as shutting down: GET health/ready answers 503 from then on. */
    markStopping(): void;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to the store of the configuration (FILES_URL, or local disk under $DATA_DIR/files). */
  fileStore?: FileStore;
  /** Defaults to the provider's admin REST API from the configuration (IDP_ADMIN_URL and its client). */
  identity?: IdentityAdmin;
}

export type App = FastifyInstance;

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * A rate limit's key: the caller's address, as @fastify/rate-limit's own key (an IPv6 address by its /64). A
 * request whose client has already hung up has no address any more (Node clears the socket's), and the library's
 * own key then throws, a 500 in the log for a client that is gone; such requests share one key.
 */
export function rateLimitKey(request: { ip: string | undefined }): string {
  return request.ip ? normalizeIP(request.ip) : 'no-address';
}

function isLocalHost(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * Whether a GET is for a page: any path outside the API that does not ask for JSON. Browsers send text/html, but
 * link checkers, uptime monitors and some crawlers send `*\/*` or nothing; they get the page too. A path with a file
 * extension (a missing asset, `/x.js`) is a page only when HTML is asked for by name.
 */
function wantsPage(request: FastifyRequest, path: string): boolean {
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  if (/\bapplication\/(?:[\w.+-]+\+)?json\b/.test(accept)) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Content types compressed on the fly: text, JSON, JavaScript, XML and SVG. Spreadsheets, PDFs, archives and
 * images are compressed formats already (and octet-stream downloads are left as stored).
 */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)(?:;|$)/;

/** Paths that always answer JSON, never the single-page app. */
function isServerPath(path: string): boolean {
  return path === '/app/api' || path.startsWith('/app/api/') || path === '/auth' || path.startsWith('/auth/');
}

/** Builds the portal server with every plugin and module registered; the caller listens (or injects). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const fileStore = deps.fileStore ?? fileStoreFor(config);
  const uploadsDir = join(config.dataDir, 'tmp', 'uploads');
  const leftovers = await removeUploadLeftovers(uploadsDir);
  const content = createContentService({ db: database.db, fileStore, apiPrefix: API_PREFIX });
  const identity =
    deps.identity ??
    createIdentityAdmin({
      issuerUrl: config.issuerUrl,
      adminUrl: config.idpAdminUrl,
      clientId: config.idpAdminClientId,
      clientSecret: config.idpAdminClientSecret,
    });

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // The router's refusals (a path parameter over maxParamLength, a malformed escape) and Node's (request
    // line and headers over the size limit) in the one error shape, never echoing the URL.
    frameworkErrors: handleError,
    clientErrorHandler,
  });
  if (leftovers > 0)
    app.log.info({ leftovers, uploadsDir }, 'removed the temporary folders of interrupted uploads');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Control characters and lone surrogates in params, query or JSON body: 400 before any route's validation.
  registerInputCharacterCheck(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // API answers carry personal data: no shared cache keeps them unless a route says otherwise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isServerPath(request.url.split('?')[0] ?? '')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // Brotli or gzip per Accept-Encoding for every dynamic text answer; the built web files come precompressed.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], customTypes: COMPRESSIBLE_TYPES });
  // After compression: a visitor's public answer is kept as it was sent, compressed (docs/adr/0040).
  registerPublicAnswers(app, { ttlMs: config.publicCacheMs });

  const issuerOrigin = new URL(config.issuerUrl).origin;
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // YouTube's still images of the gallery's videos, and the videos themselves from youtube-nocookie only
        // (loaded when a visitor clicks one).
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", issuerOrigin],
        upgradeInsecureRequests: config.isHttps ? [] : null,
      },
    },
    hsts:
      config.isHttps && !isLocalHost(config.publicUrl)
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    errorResponseBuilder: () => new AppError(429, 'rate_limited', 'errors:rateLimited'),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Excelência portal API',
        version: '1.0.0',
        description:
          'Calls with the session cookie need the x-csrf-token header (GET /auth/csrf) on POST, PUT, PATCH and ' +
          'DELETE. API clients send Authorization: Bearer <access token> from the identity provider instead.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          session: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
      tags: [
        {
          name: 'partner area',
          description:
            "A partner entity's API, for its users' screens and its own system alike: a bearer token is an access " +
            'token of the identity provider or an API token made on /users/profile (exp_…). Reads are limited to ' +
            "120 a minute; state and diagnosis are answered only under the company's consent, and each such read " +
            "is written to the company's access log.",
        },
        {
          name: 'content',
          description:
            'The public site (news, faq, testimonies, gallery, events, pages, documents): admins write each kind in ' +
            'pt, en and fr (pt required; rich text is HTML cleaned by an allow-list at write), with status draft, ' +
            'scheduled or published and publishedAt; visitors read what is public now, in their language with pt ' +
            'where one is missing (fallbackLanguages), a page at a time (limit, cursor → nextCursor). Images are ' +
            're-encoded to WebP (320, 640, 1280 px) and served with immutable caching.',
        },
        {
          name: 'esg',
          description:
            'Sustainability (ESG) forms: admins build versioned forms (a version a company has answered never ' +
            'changes; editing it writes the next), companies save drafts with PUT and submit once ' +
            "('Mandatory Field' per open required question); scores per pillar, sector medians from 5 companies " +
            'of the CAE section, results and exports for admins.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  const indicators = createIndicatorRefresher({
    db: database.db,
    onError: (error) => app.log.error({ err: error }, 'refreshing indicator values failed'),
  });
  // Exposed so that whoever empties or closes the database (tests, shutdown) can wait for a refresh first.
  app.decorate('indicators', indicators);
  app.addHook('onReady', async () => {
    void indicators.refresh();
  });
  app.addHook('onClose', () => indicators.idle());
  const statistics = createStatisticsBuilder({
    db: database.db,
    onError: (error) => app.log.error({ err: error }, 'building indicator statistics failed'),
  });
  app.decorate('statistics', statistics);
  app.addHook('onReady', async () => {
    void statistics.refresh();
  });
  app.addHook('onClose', () => statistics.idle());
  // The editions' automatic mail: its routes, the job that sends it, and the editions' copy keeping its switches.
  const automations = createAutomationsService({
    db: database.db,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
  });
  const jobs = createBackgroundJobs({
    automations,
    db: database.db,
    identity,
    fileStore,
    logger: app.log,
    publicUrl: config.publicUrl,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  const metrics = createMetrics({ db: database.db, pool: database.pool });
  metrics.observeRequests(app);
  app.decorate('metrics', metrics);
  let stopping = false;
  app.decorate('markStopping', () => {
    stopping = true;
  });
  app.addHook('preClose', async () => {
    stopping = true;
  });
  if (config.metricsToken) {
    const expected = `Bearer ${config.metricsToken}`;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Without the token it answers as an unknown path does, so it does not say that it exists.
      if (!safeEqual(request.headers.authorization ?? '', expected)) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.text());
    });
  }

  // Page views and sign-outs, counted in memory and written every few seconds (docs/adr/0034).
  const pageViews = createPageViewCounter({
    db: database.db,
    onError: (error) => app.log.error({ err: error }, 'writing page view counts failed'),
  });
  app.addHook('onClose', () => pageViews.close());
  const funnel = createFunnelService({ db: database.db });

  const oidc: Oidc = createOidc(config);
  const auth: AuthService = createAuthService({ config, db: database.db, oidc });
  const apiTokens = createApiTokensService({ db: database.db });
  registerAuthGuard(app, auth, apiTokens);
  // After the guard: uploads are counted per signed-in account.
  registerUploadRateLimit(app);

  await app.register(authRoutes({ config, auth, pageViews }));
  await app.register(signInPages({ config, auth }));
  await app.register(
    async (api) => {
      await api.register(healthRoutes({ ping: database.ping, isStopping: () => stopping }));
      await api.register(accountsRoutes({ accounts: createAccountsService({ db: database.db, fileStore }) }));
      const reference = createReferenceService({
        db: database.db,
        // Criteria written make the derived indicator values stale: they are rebuilt in the background (reads
        // skip stale values meanwhile), as they are once at start for changes made while the server was down.
        effects: { criteriaChanged: () => void indicators.refresh() },
      });
      await api.register(referenceRoutes({ reference }));
      await api.register(
        usersRoutes({ users: createUsersService({ db: database.db, identity, logger: app.log }) }),
      );
      await api.register(
        partnersRoutes({
          partners: createPartnersService({ db: database.db, identity, logger: app.log }),
        }),
      );
      await api.register(
        companiesRoutes({
          companies: createCompaniesService({ db: database.db }),
          nameChanges: createNameChangesService({ db: database.db, publicUrl: config.publicUrl }),
        }),
      );
      await api.register(
        membersRoutes({ members: createMembersService({ db: database.db, publicUrl: config.publicUrl }) }),
      );
      const balanceSheets = createBalanceSheetsService({
        db: database.db,
        fileStore,
        onSheetsChanged: (tx, companyId, periods) => refreshSheetIndicators(tx, companyId, periods),
      });
      await api.register(balanceSheetsRoutes({ balanceSheets, uploadsDir }));
      await api.register(
        diagnosisRoutes({
          diagnosis: createDiagnosisService({
            db: database.db,
            onStatisticsStale: () => void statistics.refresh(),
          }),
        }),
      );
      const applications = createApplicationsService({
        db: database.db,
        fileStore,
        publicUrl: config.publicUrl,
      });
      const results = createResultsService({ db: database.db, applications, publicUrl: config.publicUrl });
      const appeals = createAppealsService({ db: database.db, applications, publicUrl: config.publicUrl });
      await api.register(
        editionsRoutes({
          editions: createEditionsService({
            db: database.db,
            fileStore,
            onCopied: automations.copySwitches,
          }),
          results,
          uploadsDir,
          funnel: (editionId) => funnel.funnel(editionId, 'island'),
          pendingAppeals: (editionId) => appeals.pendingReportLines(editionId),
        }),
      );
      await api.register(automationsRoutes({ automations, publicUrl: config.publicUrl }));
      await api.register(applicationsRoutes({ applications, results, uploadsDir }));
      await api.register(appealsRoutes({ appeals, uploadsDir }));
      await api.register(
        applicationMessagesRoutes({
          messages: createApplicationMessagesService({ db: database.db, publicUrl: config.publicUrl }),
        }),
      );
      await api.register(balanceTreeRoutes({ balanceSheets }));
      await api.register(esgRoutes({ esg: createEsgService({ db: database.db }) }));
      await api.register(
        barometerRoutes({
          barometer: createBarometerService({
            db: database.db,
            diagnosis: createDiagnosisService({
              db: database.db,
              onStatisticsStale: () => void statistics.refresh(),
            }),
          }),
        }),
      );
      await api.register(
        contentRoutes({
          content,
          images: createContentImagesService({ db: database.db, fileStore }),
          uploadsDir,
        }),
      );
      await api.register(overviewRoutes({ overview: createOverviewService({ db: database.db }) }));
      await api.register(funnelRoutes({ funnel }));
      await api.register(
        visitsRoutes({ visits: createVisitsService({ db: database.db, counter: pageViews }) }),
      );
      await api.register(activityRoutes({ activity: createActivityService({ db: database.db }) }));
      await api.register(
        exportsRoutes({
          exports: createExportsService({ db: database.db, fileStore, publicUrl: config.publicUrl }),
        }),
      );
      await api.register(
        closureRoutes({
          closure: createClosureService({
            db: database.db,
            identity,
            logger: app.log,
            fileStore,
            publicUrl: config.publicUrl,
          }),
        }),
      );
      await api.register(
        broadcastsRoutes({
          broadcasts: createBroadcastsService({ db: database.db, publicUrl: config.publicUrl }),
        }),
      );
      await api.register(
        newsletterRoutes({
          newsletter: createNewsletterService({ db: database.db, publicUrl: config.publicUrl }),
          publicUrl: config.publicUrl,
        }),
      );
      await api.register(
        profileRoutes({
          profile: createProfileService({
            db: database.db,
            identity,
            logger: app.log,
            fileStore,
            requireAdminTotp: config.requireAdminTotp,
          }),
        }),
      );
      const onboarding = { db: database.db, identity, logger: app.log, publicUrl: config.publicUrl };
      const invitations = createInvitationsService(onboarding);
      await api.register(
        registrationRoutes({
          registrations: createRegistrationService(onboarding),
          invitations,
          nifClaims: createNifClaimsService(onboarding),
          options: createPublicOptions(database.db),
        }),
      );
      const partnerArea = createPartnerAreaService({ db: database.db, invitations, results });
      await api.register(
        partnerAreaRoutes({
          partnerArea,
          consents: createConsentsService({ db: database.db }),
          followRequests: createFollowRequestsService({
            db: database.db,
            publicUrl: config.publicUrl,
            entityOf: partnerArea.entityOf,
          }),
          apiTokens,
        }),
      );
    },
    { prefix: API_PREFIX },
  );
  await app.register(
    devMailRoutes({ db: database.db, enabled: !config.isProduction && isLoopback(config.host) }),
  );
  await app.register(
    siteRoutes({
      publicUrl: config.publicUrl,
      newsSlugs: async () => (await content.publicSlugs('news')).map((item) => item.slug),
    }),
  );

  const webIndex = join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(webIndex);
  const pageShell = createPageShell(config.webDistDir);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: true,
      // The build writes file.br and file.gz beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes(`${join(config.webDistDir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const pageRenderer = hasWeb ? await loadPageRenderer(app, config.webDistDir, config.publicUrl) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && wantsPage(request, path);
    if (isPage && !isServerPath(path)) {
      if (!hasWeb) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send(translate(requestLanguage(request), 'server:webNotBuilt'));
      }
      // The app's HTML either way; the status tells crawlers and link checkers which pages exist.
      const status = webPageStatus(path);
      const view = pageViewOf(request, path, status);
      if (view) pageViews.count(view.page, view.language, request.headers['user-agent']);
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (pageRenderer?.renders(request, path)) {
        try {
          const page = await pageRenderer.render(request, status, pageShell(path, true));
          if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
          return reply.code(page.status).send(page.html);
        } catch (error) {
          // The page still works as the client app renders it.
          request.log.error({ err: error, path }, 'server rendering failed');
        }
      }
      // A signed-in page carries its session and first data (docs/adr/0025): personal, so kept by no cache.
      const answers = await firstAnswers(app, request, path).catch((error: unknown) => {
        request.log.warn({ err: error, path }, 'first answers failed');
        return {};
      });
      if (Object.keys(answers).length > 0) {
        reply.header('cache-control', 'private, no-cache');
        // Drawn on the server with those answers, the page reads before its scripts have run (docs/adr/0037).
        const page = await pageRenderer
          ?.renderSignedIn(request, status, pageShell(path, true), answers)
          .catch((error: unknown) => {
            request.log.error({ err: error, path }, 'server rendering failed');
            return null;
          });
        if (page?.kind === 'redirect') return reply.redirect(page.location, page.status);
        if (page) return reply.code(page.status).send(page.html);
      }
      return reply.code(status).send(withFirstAnswers(pageShell(path), answers));
    }
    request.log.info({ reqId: request.id, status: 404 }, 'client error 404 not_found');
    return sendError(request, reply, notFound());
  });

  return app;
}
