import { useMutation } from '@tanstack/react-query';
import { tournamentCard } from '@beerscale/contract/api/tournaments';
import type { Language } from '@beerscale/contract/profile';
import { call } from '../../../lib/api-client';
import { saveFile, sharesFiles } from '../../../lib/share-file';

/** The standings as a picture (GET /api/tournaments/{id}/card.png), shared or saved. */
export function useShareTournamentCard(id: number, language: Language) {
  return useMutation({
    mutationFn: async (title: string) => {
      const png = await call(tournamentCard, { params: { id }, query: { lang: language } });
      const file = new File([png as BlobPart], `beerscale-tournament-${id}.png`, {
        type: 'image/png',
      });
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
