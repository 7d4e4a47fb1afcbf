import type {
  BigDataOverview, DisplayAccountDto, DisplayTokenDto, EnterpriseCard, ReplayPage, WallSettings,
} from '../../../shared/bigdata';
import type { AppServiceRegistry } from '../../http/app-services';
import { readEnterpriseCard } from './card';
import { createDisplayToken, DISPLAY_PERMISSION, listDisplayAccounts, listDisplayTokens, revokeDisplayToken } from './display-tokens';
import { readOverview } from './overview';
import { readReplay } from './replay';
import { readWallSettings, updateWallSettings } from './wall-settings';

export { mountDisplayAuth } from './display-authenticate';

/**
 * The big-data screen: one aggregate call paints it, a click on the map opens an enterprise's card. Its walls run on
 * settings and display tokens an administrator (`Pages.Users`) keeps.
 */
export function registerBigData(registry: AppServiceRegistry): void {
  const access = { anyOf: [DISPLAY_PERMISSION] };
  const administrator = { anyOf: ['Pages.Users' as const] };
  registry.add({
    service: 'BigData', method: 'GetOverview', verb: 'GET', access,
    summary: 'Every figure of the big-data screen within the caller\'s tenant and enterprises, with the event head they include',
    handler: (ctx): Promise<BigDataOverview> => readOverview(ctx),
  });
  registry.add({
    service: 'BigData', method: 'GetEnterpriseCard', verb: 'GET', access, parameters: ['id'],
    summary: 'One enterprise of the map: stock, devices, open warnings and its latest manifest',
    handler: (ctx, input): Promise<EnterpriseCard> => readEnterpriseCard(ctx, input.requiredInt('id', { min: 1 })),
  });
  registry.add({
    service: 'BigData', method: 'GetReplay', verb: 'GET', access, parameters: ['Minutes', 'UpTo', 'After', 'MaxResultCount'],
    summary: 'The screen\'s events of the last minutes up to a seq, oldest first, in bounded pages (replay)',
    handler: (ctx, input): Promise<ReplayPage> => readReplay(ctx, input),
  });
  registry.add({
    service: 'BigData', method: 'GetWallSettings', verb: 'GET', access,
    summary: 'How the tenant\'s wall displays run: title, rotation and replay',
    handler: (ctx): Promise<WallSettings> => readWallSettings(ctx),
  });
  registry.add({
    service: 'BigData', method: 'UpdateWallSettings', verb: 'PUT', access: administrator, parameters: ['title', 'rotateSeconds', 'replayMinutes'],
    summary: 'Saves how the tenant\'s wall displays run',
    handler: (ctx, input): Promise<WallSettings> => updateWallSettings(ctx, input),
  });
  registry.add({
    service: 'BigData', method: 'GetDisplayTokens', verb: 'GET', access: administrator,
    summary: 'The tenant\'s display tokens, newest first (never their secrets)',
    handler: (ctx): Promise<DisplayTokenDto[]> => listDisplayTokens(ctx),
  });
  registry.add({
    service: 'BigData', method: 'GetDisplayAccounts', verb: 'GET', access: administrator,
    summary: 'The active users a display token can be issued for (holding Pages.BigData alone)',
    handler: (ctx): Promise<DisplayAccountDto[]> => listDisplayAccounts(ctx),
  });
  registry.add({
    service: 'BigData', method: 'CreateDisplayToken', verb: 'POST', access: administrator, parameters: ['userId', 'name'],
    summary: 'Issues a display token for an account holding only Pages.BigData; its secret is answered this once',
    handler: (ctx, input) => createDisplayToken(ctx, input),
  });
  registry.add({
    service: 'BigData', method: 'RevokeDisplayToken', verb: 'POST', access: administrator, parameters: ['id'],
    summary: 'Revokes a display token and every access token obtained with it',
    handler: async (ctx, input) => {
      await revokeDisplayToken(ctx, input);
      return null;
    },
  });
}
