// The menu entries of declared resources: those whose declaration has a `screen`, by its title
// and icon (a page icon for a name the app has no icon for), in the menu of their scope.
import type { ScreenMenu } from '../../../../forms/resource/declared';
import { iconOf } from '../../layouts/icons';
import type { IconName } from '../../layouts/icons';
import { screensIn } from './screens';

export type DeclaredLink = { slug: string; label: string; icon: IconName };

export const declaredLinks = (menu: ScreenMenu): DeclaredLink[] =>
  screensIn(menu)
    .filter((screen) => screen.inMenu)
    .map((screen) => ({ slug: screen.slug, label: screen.title, icon: iconOf(screen.icon) }));
