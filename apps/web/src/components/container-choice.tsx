import { CONTAINER_TYPES, type ContainerType } from '@beerscale/contract/limits';
import { useT } from '../i18n/use-t';

export function ContainerChoice({
  value,
  onChange,
  disabled,
}: {
  value: ContainerType;
  onChange: (value: ContainerType) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  return (
    <fieldset disabled={disabled}>
      <legend className="field-label">{t('container.label')}</legend>
      <div className="grid grid-cols-2 gap-2" role="radiogroup">
        {CONTAINER_TYPES.map((type) => (
          <label
            key={type}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl border font-semibold transition ${
              value === type
                ? 'border-amber-400 bg-amber-400/15 text-amber-300'
                : 'border-malt-600 text-foam-200'
            }`}
          >
            <input
              type="radio"
              name="container"
              className="sr-only"
              checked={value === type}
              onChange={() => onChange(type)}
            />
            {t(`container.${type}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
