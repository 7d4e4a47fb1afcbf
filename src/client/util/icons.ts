import { type IconName, type IconPaths, type IconPathsLoader, Icons, IconSize } from '@blueprintjs/icons';

/**
 * Blueprint loads icon paths on demand, by default the whole 16 px set in one chunk (≈100 KB gzip). The shell and the
 * login use a few dozen icons, so those come from a small chunk of their own (appIcons.ts); any other icon falls back
 * to Blueprint's per-size chunk.
 */
const appIconLoader: IconPathsLoader = async (name: IconName, size: IconSize): Promise<IconPaths> => {
  const { APP_ICONS_16, APP_ICONS_20 } = await import(/* webpackChunkName: "app-icons" */ './appIcons');
  const own = size >= IconSize.LARGE ? APP_ICONS_20[name] : APP_ICONS_16[name];
  if (own) return own;
  const { splitPathsBySizeLoader } = await import(
    /* webpackChunkName: "blueprint-icons-loader" */ '@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader'
  );
  return splitPathsBySizeLoader(name, size);
};

export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: appIconLoader });
}

/** Declarations may name an icon Blueprint does not have (e.g. 'factory'); a neutral one is shown instead. */
export function asIcon(name: string | undefined, fallback: IconName = 'document'): IconName {
  return name && Icons.isValidIconName(name) ? name : fallback;
}
