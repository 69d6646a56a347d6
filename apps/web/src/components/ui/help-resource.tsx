import type { HelpResource } from '@magotips/contracts/help-resources';

/** "800 911 2000" → "tel:8009112000": what a phone dials, without the spacing of the text. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Where a reader of one country finds help (decision 0115): the resource's name as a link to
 * its site, its free line where there is one, and the self-exclusion register where the country
 * runs one. External sites open in a new tab so the page being read is not lost. */
export function HelpResourceLinks({ resource }: { resource: HelpResource }) {
  return (
    <>
      <a href={resource.url} target="_blank" rel="noopener noreferrer">
        {resource.name}
      </a>
      {resource.phone ? (
        <>
          {' · Tel. '}
          <a href={telHref(resource.phone)}>{resource.phone}</a>
        </>
      ) : null}
      {resource.selfExclusion ? (
        <>
          {' · Autoexclusión: '}
          <a href={resource.selfExclusion.url} target="_blank" rel="noopener noreferrer">
            {resource.selfExclusion.name}
          </a>
        </>
      ) : null}
    </>
  );
}
