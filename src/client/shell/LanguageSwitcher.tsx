import { Button, Menu, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { languageChangeRequested } from '../session/actions';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectLanguage } from '../session/selectors';
import type { Language } from '../i18n';
import { HeaderMenu } from './HeaderMenu';

const OPTIONS: ReadonlyArray<{ language: Language; key: string; short: string }> = [
  { language: 'zh-CN', key: 'shell.languageZh', short: '中' },
  { language: 'en-US', key: 'shell.languageEn', short: 'EN' },
];

/** zh-CN / en-US; the switch goes through a saga (cookie, server setting, i18next). */
export function LanguageSwitcher({ minimal = true }: { minimal?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLanguage);
  const currentOption = OPTIONS.find((o) => o.language === current) ?? OPTIONS[0];
  return (
    <HeaderMenu
      content={
        <Menu aria-label={t('shell.language')}>
          {OPTIONS.map((option) => (
            <MenuItem
              key={option.language}
              roleStructure="listoption"
              selected={option.language === current}
              text={t(option.key)}
              label={option.short}
              data-testid={`language-${option.language}`}
              onClick={() => option.language !== current && dispatch(languageChangeRequested(option.language))}
            />
          ))}
        </Menu>
      }
    >
      <Button
        variant={minimal ? 'minimal' : 'outlined'}
        icon="translate"
        endIcon="caret-down"
        text={t(currentOption.key)}
        aria-label={t('shell.language')}
        title={t('shell.language')}
        data-testid="language-switcher"
        className="app-language-switcher"
      />
    </HeaderMenu>
  );
}
