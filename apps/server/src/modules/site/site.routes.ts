import type { FastifyInstance } from 'fastify';
import { robotsTxt, sitemapXml } from './web-pages.ts';

/** robots.txt and sitemap.xml for crawlers, both written from the public address once at start. */
export function siteRoutes(deps: { publicUrl: string }) {
  const robots = robotsTxt(deps.publicUrl);
  const sitemap = sitemapXml(deps.publicUrl);
  return async function routes(app: FastifyInstance) {
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemap),
    );
  };
}
