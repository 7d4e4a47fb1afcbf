// Icon paths of the login, the shell and the menu, in one small chunk (see icons.ts). An icon missing here still
// works: it is fetched from Blueprint's full set. Keep the list to what the first screens show.
import type { IconName, IconPaths } from '@blueprintjs/icons';
import i16_barcode from '@blueprintjs/icons/lib/esm/generated/16px/paths/barcode';
import i16_box from '@blueprintjs/icons/lib/esm/generated/16px/paths/box';
import i16_build from '@blueprintjs/icons/lib/esm/generated/16px/paths/build';
import i16_calendar from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import i16_caret_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import i16_chat from '@blueprintjs/icons/lib/esm/generated/16px/paths/chat';
import i16_chevron_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down';
import i16_clipboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard';
import i16_cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import i16_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import i16_cube from '@blueprintjs/icons/lib/esm/generated/16px/paths/cube';
import i16_dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import i16_database from '@blueprintjs/icons/lib/esm/generated/16px/paths/database';
import i16_desktop from '@blueprintjs/icons/lib/esm/generated/16px/paths/desktop';
import i16_disable from '@blueprintjs/icons/lib/esm/generated/16px/paths/disable';
import i16_document from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import i16_drive_time from '@blueprintjs/icons/lib/esm/generated/16px/paths/drive-time';
import i16_error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import i16_exchange from '@blueprintjs/icons/lib/esm/generated/16px/paths/exchange';
import i16_export from '@blueprintjs/icons/lib/esm/generated/16px/paths/export';
import i16_eye_off from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import i16_eye_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import i16_folder_close from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-close';
import i16_fullscreen from '@blueprintjs/icons/lib/esm/generated/16px/paths/fullscreen';
import i16_history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import i16_home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import i16_id_number from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number';
import i16_import from '@blueprintjs/icons/lib/esm/generated/16px/paths/import';
import i16_inbox from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox';
import i16_info_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import i16_key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import i16_layers from '@blueprintjs/icons/lib/esm/generated/16px/paths/layers';
import i16_lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import i16_log_in from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-in';
import i16_log_out from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import i16_map from '@blueprintjs/icons/lib/esm/generated/16px/paths/map';
import i16_menu_closed from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-closed';
import i16_menu_open from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu-open';
import i16_minimize from '@blueprintjs/icons/lib/esm/generated/16px/paths/minimize';
import i16_mobile_phone from '@blueprintjs/icons/lib/esm/generated/16px/paths/mobile-phone';
import i16_more from '@blueprintjs/icons/lib/esm/generated/16px/paths/more';
import i16_notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import i16_office from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import i16_offline from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import i16_people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import i16_person from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import i16_properties from '@blueprintjs/icons/lib/esm/generated/16px/paths/properties';
import i16_pulse from '@blueprintjs/icons/lib/esm/generated/16px/paths/pulse';
import i16_refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import i16_search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import i16_search_template from '@blueprintjs/icons/lib/esm/generated/16px/paths/search-template';
import i16_share from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import i16_shopping_cart from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import i16_small_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import i16_star from '@blueprintjs/icons/lib/esm/generated/16px/paths/star';
import i16_swap_horizontal from '@blueprintjs/icons/lib/esm/generated/16px/paths/swap-horizontal';
import i16_tag from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag';
import i16_th_list from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import i16_tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import i16_tick_circle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import i16_translate from '@blueprintjs/icons/lib/esm/generated/16px/paths/translate';
import i16_truck from '@blueprintjs/icons/lib/esm/generated/16px/paths/truck';
import i16_unlock from '@blueprintjs/icons/lib/esm/generated/16px/paths/unlock';
import i16_warning_sign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import i20_build from '@blueprintjs/icons/lib/esm/generated/20px/paths/build';
import i20_disable from '@blueprintjs/icons/lib/esm/generated/20px/paths/disable';
import i20_error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import i20_inbox from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox';
import i20_info_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import i20_offline from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import i20_search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import i20_warning_sign from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';

export const APP_ICONS_16: Partial<Record<IconName, IconPaths>> = {
  'barcode': i16_barcode,
  'box': i16_box,
  'build': i16_build,
  'calendar': i16_calendar,
  'caret-down': i16_caret_down,
  'chat': i16_chat,
  'chevron-down': i16_chevron_down,
  'clipboard': i16_clipboard,
  'cog': i16_cog,
  'cross': i16_cross,
  'cube': i16_cube,
  'dashboard': i16_dashboard,
  'database': i16_database,
  'desktop': i16_desktop,
  'disable': i16_disable,
  'document': i16_document,
  'drive-time': i16_drive_time,
  'error': i16_error,
  'exchange': i16_exchange,
  'export': i16_export,
  'eye-off': i16_eye_off,
  'eye-open': i16_eye_open,
  'folder-close': i16_folder_close,
  'fullscreen': i16_fullscreen,
  'history': i16_history,
  'home': i16_home,
  'id-number': i16_id_number,
  'import': i16_import,
  'inbox': i16_inbox,
  'info-sign': i16_info_sign,
  'key': i16_key,
  'layers': i16_layers,
  'lock': i16_lock,
  'log-in': i16_log_in,
  'log-out': i16_log_out,
  'map': i16_map,
  'menu-closed': i16_menu_closed,
  'menu-open': i16_menu_open,
  'minimize': i16_minimize,
  'mobile-phone': i16_mobile_phone,
  'more': i16_more,
  'notifications': i16_notifications,
  'office': i16_office,
  'offline': i16_offline,
  'people': i16_people,
  'person': i16_person,
  'properties': i16_properties,
  'pulse': i16_pulse,
  'refresh': i16_refresh,
  'search': i16_search,
  'search-template': i16_search_template,
  'share': i16_share,
  'shopping-cart': i16_shopping_cart,
  'small-cross': i16_small_cross,
  'star': i16_star,
  'swap-horizontal': i16_swap_horizontal,
  'tag': i16_tag,
  'th-list': i16_th_list,
  'tick': i16_tick,
  'tick-circle': i16_tick_circle,
  'translate': i16_translate,
  'truck': i16_truck,
  'unlock': i16_unlock,
  'warning-sign': i16_warning_sign,
};

/** Large variants, for icons drawn at 20 px and above (non-ideal states, the error modal). */
export const APP_ICONS_20: Partial<Record<IconName, IconPaths>> = {
  'build': i20_build,
  'disable': i20_disable,
  'error': i20_error,
  'inbox': i20_inbox,
  'info-sign': i20_info_sign,
  'offline': i20_offline,
  'search': i20_search,
  'warning-sign': i20_warning_sign,
};
