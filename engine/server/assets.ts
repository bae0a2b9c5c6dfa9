/** /assets/…: images the platform draws (logos, model pictures, payment marks). */
import { Router } from 'express';
import { logoSvg, makeLogoSvg, paymentSvg, vehicleSvg } from '../assets/svg.ts';
import type { SiteStore } from './sites.ts';

export function assetsRouter(sites: SiteStore) {
  const router = Router();
  const send = (res: import('express').Response, svg: string | undefined) => {
    if (!svg) return res.status(404).end();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(svg);
  };
  router.get('/logos/:slug.svg', (req, res) => {
    const make = sites.catalogue.manufacturers.find((m) => m.slug === req.params.slug);
    send(res, make ? makeLogoSvg(make.name) : undefined);
  });
  router.get('/models/:slug.svg', (req, res) => {
    const model = sites.catalogue.models.find((m) => m.slug === req.params.slug);
    const body = model?.body?.[0] ?? 'sedan';
    send(
      res,
      model
        ? vehicleSvg({
            body,
            colour: '#9aa5b5',
            label: `${model.manufacturer_name} ${model.name}`,
            width: 480,
          })
        : undefined,
    );
  });
  router.get('/favicon/:slug.svg', (req, res) => {
    const entry = sites.get(req.params.slug);
    send(res, entry?.ok ? logoSvg(entry.site.name) : undefined);
  });
  router.get('/payment/:method.svg', (req, res) => send(res, paymentSvg(req.params.method)));
  return router;
}
