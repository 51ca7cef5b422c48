import { type ComponentType, createContext, type ReactNode, use } from 'react';

/**
 * Islands (docs/adr/0014): the interactive parts of a page the server renders for a visitor. The page itself is
 * never hydrated; the browser hydrates each island alone, with only the code and the texts it needs.
 */
/** The texts each island uses, as catalog keys or their prefixes: a page sends only these with its islands. */
export const ISLAND_MESSAGES = {
  countdown: ['applications:milestones', 'applications:editionName', 'applicationsWeb:countdown'],
  newsletter: ['newsletter:form', 'validation:invalidEmail', 'errors:internal'],
  'youtube-video': ['contentPublic:gallery'],
} as const satisfies Record<string, readonly string[]>;

export type IslandName = keyof typeof ISLAND_MESSAGES;

/** How the server renders an island: as its own root inside a marked element (entry-server.tsx). */
export type IslandRenderer = (name: IslandName, element: ReactNode, props: object) => ReactNode;

export const IslandRendererContext = createContext<IslandRenderer | null>(null);

/**
 * The component as an island: in the app it is the component itself; on a page the server renders for a
 * visitor, it is rendered as an island, which src/islands.tsx hydrates with the same props (JSON).
 */
export function island<P extends object>(name: IslandName, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const render = use(IslandRendererContext);
    const element = <Component {...props} />;
    return render ? render(name, element, props) : element;
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
