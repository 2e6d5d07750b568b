import type { ReactNode } from 'react';
import type { ScaleSummary } from '@beerscale/contract/scales';
import { cleanMac } from '@beerscale/contract/mac-address';
import { useT } from '../i18n/use-t';

/** The scale's MAC address, typed or picked from the player's own scales. */
export function ScaleMacField({
  id,
  value,
  onChange,
  readOnly,
  scales,
  children,
}: {
  id: string;
  value: string;
  onChange: (mac: string) => void;
  readOnly: boolean;
  scales: ScaleSummary[];
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('scaleField.label')}
      </label>
      <input
        id={id}
        // The hint in a smaller size, so that a phone shows it whole (German's too): smaller
        // still below 400 px, where a 360 px phone cut the German one.
        className="field-input font-mono tracking-wider placeholder:font-sans placeholder:text-sm placeholder:tracking-normal placeholder:italic max-[400px]:placeholder:text-xs"
        value={value}
        readOnly={readOnly}
        onChange={(e) => onChange(cleanMac(e.target.value))}
        placeholder={t('scaleField.placeholder')}
      />
      {!readOnly && scales.length > 0 && (
        <div role="group" aria-label={t('scaleField.yours')} className="mt-2 flex flex-wrap gap-2">
          {scales.map((scale) => (
            <button
              key={scale.mac_address}
              type="button"
              aria-pressed={scale.mac_address === value}
              onClick={() => onChange(scale.mac_address)}
              className={`btn min-h-9 px-3 text-sm ${
                scale.mac_address === value
                  ? 'bg-amber-400 text-malt-950'
                  : 'bg-malt-800 text-foam-100 hover:bg-malt-700'
              }`}
            >
              {scale.scale_name ?? scale.model_name ?? t('scaleField.unnamed')}
              <span className="font-mono text-xs opacity-80">{scale.mac_address}</span>
            </button>
          ))}
        </div>
      )}
      {children}
    </div>
  );
}
