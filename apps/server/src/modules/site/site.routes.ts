import type { FastifyInstance } from 'fastify';
import { faviconIco } from './favicon.ts';
import { robotsTxt, sitemapXml } from './web-pages.ts';

/**
 * robots.txt (written once at start) and sitemap.xml for crawlers: the public pages, and each published news
 * article, in every language. /favicon.ico: the emblem of the web's favicon.svg, drawn on the first request.
 */
export function siteRoutes(deps: { publicUrl: string; newsSlugs: () => Promise<string[]> }) {
  const robots = robotsTxt(deps.publicUrl);
  let icon: Promise<Buffer> | null = null;
  return async function routes(app: FastifyInstance) {
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
      icon ??= faviconIco();
      icon.catch(() => {
        icon = null;
      });
      return reply
        .type('image/x-icon')
        .header('cache-control', 'public, max-age=86400')
        .send(await icon);
    });
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          sitemapXml(
            deps.publicUrl,
            (await deps.newsSlugs()).map((slug) => `public/news/${slug}`),
          ),
        ),
    );
  };
}
