import { useMutation } from '@tanstack/react-query';
import { groupCard } from '@beerscale/contract/api/groups';
import type { Language } from '@beerscale/contract/profile';
import { call } from '../../../lib/api-client';
import { saveFile, sharesFiles } from '../../../lib/share-file';

/** The season's table as a picture (GET /api/groups/{id}/card.png), shared or saved. */
export function useShareGroupCard(id: number, season: number | 'all', language: Language) {
  return useMutation({
    mutationFn: async (title: string) => {
      const png = await call(groupCard, { params: { id }, query: { season, lang: language } });
      const file = new File([png as BlobPart], `beerscale-group-${id}.png`, { type: 'image/png' });
      if (sharesFiles(file, { phoneOnly: true })) {
        try {
          await navigator.share({ files: [file], title });
        } catch (error) {
          // Closing the phone's share sheet is not a failure.
          if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
        }
        return 'shared' as const;
      }
      saveFile(file);
      return 'saved' as const;
    },
  });
}
