import { COUNTRIES } from '@magotips/contracts/countries';
import {
  GENERIC_HELP,
  helpResourceFor,
  type HelpResource,
} from '@magotips/contracts/help-resources';
import { HelpResourceLinks } from './help-resource';

// Apart from help-resource.tsx: the footer (in the landing's first download) needs only one
// country's links, the legal page the whole list.
/** Each country's resource once, the generic one last as "Otros países" (Chile, Peru and
 * the rest share it): the legal page lists them all from contracts' one table. */
export function HelpResourceList() {
  const seen = new Set<HelpResource>();
  const rows: { label: string; resource: HelpResource }[] = [];
  for (const country of COUNTRIES) {
    const resource = helpResourceFor(country.code);
    if (resource === GENERIC_HELP || seen.has(resource)) continue;
    seen.add(resource);
    rows.push({ label: country.name, resource });
  }
  rows.push({ label: 'Otros países', resource: GENERIC_HELP });
  return (
    <ul>
      {rows.map(({ label, resource }) => (
        <li key={label}>
          {label}: <HelpResourceLinks resource={resource} />
        </li>
      ))}
    </ul>
  );
}
