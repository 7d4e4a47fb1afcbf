import { translate } from '../../../shared/locales';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { registerTimeZoneSettings } from './time-zone';

/** ABP's setting name for the theme, as its clients read it from `setting.values`. */
export const UI_THEME_SETTING = 'App.UiTheme';
// ABP's starter clients name their themes by a colour (`red`, `light-blue`, …); anything else is not a theme.
const THEME = /^[a-z][a-z0-9-]{0,31}$/;

export async function uiThemeOf(db: Db, userId: number): Promise<string | null> {
  const rows = await db.query<{ ui_theme: string | null }>('select ui_theme from users where id = $1', [userId]);
  return rows[0]?.ui_theme ?? null;
}

export function registerConfiguration(registry: AppServiceRegistry): void {
  registerTimeZoneSettings(registry);
  registry.add({
    service: 'Configuration', method: 'ChangeUiTheme', verb: 'POST', access: 'user', parameters: ['theme'],
    summary: 'Keeps the caller\'s interface theme (served back as the App.UiTheme setting)',
    async handler(ctx, input) {
      const theme = input.requiredString('theme', 32).trim();
      if (!THEME.test(theme)) throw errors.invalid(ctx.language, 'theme', translate(ctx.language, 'validation.pattern', { field: 'theme' }));
      await ctx.db.query('update users set ui_theme = $2 where id = $1', [ctx.session!.userId, theme]);
      return null;
    },
  });
}
