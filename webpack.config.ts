import path from 'node:path';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ContextReplacementPlugin, type Configuration, type Module } from 'webpack';

export type BuildMode = 'production' | 'development';

const ROOT = __dirname;
const CLIENT = path.join(ROOT, 'src', 'client');
const SHARED = path.join(ROOT, 'src', 'shared');

/** Where the server finds the built client. */
export const OUTPUT_DIR = path.join(ROOT, 'dist', 'public');

// Everything the entry needs anyway goes into one long-cached chunk. Only packages the login route itself uses may be
// listed: a named cache group pulls its modules into the initial load whatever chunk asked for them.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|@reduxjs[\\/]toolkit|redux|react-redux|redux-thunk|reselect|immer|use-sync-external-store|redux-saga|@redux-saga[\\/][^\\/]+|i18next|react-i18next|html-parse-stringify|void-elements|axios|js-cookie)[\\/]/;
// Blueprint's icon paths are loaded on demand (see src/client/util/icons.ts) and must stay out of this group.
const BLUEPRINT = /[\\/]node_modules[\\/](@blueprintjs[\\/](core|icons)|@popperjs|react-popper|react-transition-group|react-uid|classnames|dom-helpers|change-case|tslib|warning|react-fast-compare|@floating-ui)[\\/]/;
const ICON_PATHS = /[\\/]@blueprintjs[\\/]icons[\\/].*[\\/]generated[\\/](16px|20px)[\\/]paths[\\/]/;

/** The client build for one mode; the server's build script calls this through webpack's Node API. */
export function createConfig(mode: BuildMode): Configuration {
  const production = mode === 'production';
  return {
    mode,
    context: ROOT,
    entry: { main: path.join(CLIENT, 'index.tsx') },
    output: {
      path: OUTPUT_DIR,
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:8].chunk.js' : 'js/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // Specification §9: slow links on site offices must not fail a lazy route after the browser's default.
      chunkLoadTimeout: 120000,
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          include: [CLIENT, SHARED],
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        // Our modules have no import-time effects (CSS aside), so a re-export that nobody uses can be dropped: the
        // login route must not drag in what a barrel file re-exports for the pages behind it.
        { test: /\.tsx?$/, include: [CLIENT, SHARED], sideEffects: false },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
          sideEffects: true,
        },
        { test: /\.(woff2?|eot|ttf|otf|svg|png|jpe?g|gif|webp)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(ROOT, 'public', 'index.html'),
        favicon: path.join(ROOT, 'public', 'favicon.svg'),
        inject: 'body',
        scriptLoading: 'defer',
      }),
      // Blueprint's date inputs can load any of date-fns's ninety locales on demand; the product speaks two, and hands
      // them to the inputs itself (src/client/time/DateField.tsx).
      new ContextReplacementPlugin(/date-fns[\\/]locale$/, /^\.\/(zh-CN|en-US)\/index\.js$/),
      new MiniCssExtractPlugin({
        filename: production ? 'css/[name].[contenthash:8].css' : 'css/[name].css',
        chunkFilename: production ? 'css/[name].[contenthash:8].chunk.css' : 'css/[name].chunk.css',
        // Blueprint's files are imported from several route chunks in different orders; the order is irrelevant.
        ignoreOrder: true,
      }),
    ],
    optimization: {
      minimize: production,
      // One compress pass: a second one saves under 1 % and doubles the minification time on a two-core machine.
      minimizeOptions: { javascript: { compress: { passes: 1 } } },
      // '...' keeps webpack's own JS minifier; esbuild minifies the CSS (cssnano chokes on Blueprint's calc()).
      minimizer: ['...', new EsbuildPlugin({ target: 'es2020', css: true, include: /\.css$/ })],
      runtimeChunk: 'single',
      moduleIds: production ? 'deterministic' : 'named',
      splitChunks: {
        chunks: 'all',
        maxInitialRequests: 8,
        cacheGroups: {
          framework: { test: FRAMEWORK, name: 'framework', chunks: 'initial', priority: 40, enforce: true },
          blueprint: {
            test: (module: Module) => {
              const resource = module.nameForCondition();
              return !!resource && BLUEPRINT.test(resource) && !ICON_PATHS.test(resource) && !resource.endsWith('.css');
            },
            name: 'blueprint',
            // Only what the first screen uses: components used by later pages only travel with those pages.
            chunks: 'initial',
            priority: 30,
            enforce: true,
          },
          // Icon paths stay in the chunk that imports them (app-icons, or Blueprint's per-size chunks): the login needs
          // one small request for its icons, not a shared split of them.
          defaultVendors: {
            test: (module: Module) => {
              const resource = module.nameForCondition();
              return !!resource && /[\\/]node_modules[\\/]/.test(resource) && !ICON_PATHS.test(resource);
            },
            priority: -10,
            reuseExistingChunk: true,
          },
          default: {
            test: (module: Module) => !ICON_PATHS.test(module.nameForCondition() ?? ''),
            minChunks: 2,
            priority: -20,
            reuseExistingChunk: true,
          },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

interface CliArgv {
  mode?: BuildMode;
}

export default (env: Record<string, unknown> = {}, argv: CliArgv = {}): Configuration =>
  createConfig(argv.mode ?? (env.production ? 'production' : 'development'));
