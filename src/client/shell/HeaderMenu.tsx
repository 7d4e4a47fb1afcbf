import { PopoverNext, type PopoverNextProps } from '@blueprintjs/core';

/** A menu that drops from the header or the tab bar: under its button's right edge, without an arrow. */
export function HeaderMenu(props: PopoverNextProps) {
  return <PopoverNext placement="bottom-end" arrow={false} animation="minimal" {...props} />;
}
