import type { FastifyInstance } from 'fastify';
import { enterpriseApi, EnterpriseMessages } from '@parley/sdk/contract/enterprise';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { reply } from '../../http/reply.js';
import { checkInlineImage } from '../profile/inline-image.js';
import { countryCallingCodes, EnterpriseService } from './service.js';

const VIEW = ['ENTERPRISE.VIEW', 'ENTERPRISE.EDIT'] as const;
const EDIT = ['ENTERPRISE.EDIT'] as const;

/** Enterprise details (issue 36 item 9): name, country, time zone, phone country and the logo override. */
export function enterpriseRoutes(app: FastifyInstance, db: Db) {
  const service = new EnterpriseService(db);

  defineRoute(app, enterpriseApi.details, VIEW, async (_i, { auth }) => service.get(auth.eId));
  defineRoute(app, enterpriseApi.update, EDIT, async (input, { auth }) => reply(await service.update(auth.eId, input), EnterpriseMessages.saved));
  defineRoute(app, enterpriseApi.logo, EDIT, async (input, { auth }) =>
    reply(await service.setLogo(auth.eId, await checkInlineImage(input.logo, 'logo')), EnterpriseMessages.logoSaved),
  );
  defineRoute(app, enterpriseApi.removeLogo, EDIT, async (_i, { auth }) => reply(await service.setLogo(auth.eId, null), EnterpriseMessages.logoRemoved));
  // Anyone who types a phone number needs the list; it holds nothing of the enterprise.
  defineRoute(app, enterpriseApi.countryCodes, 'authenticated', async () => countryCallingCodes());
}
