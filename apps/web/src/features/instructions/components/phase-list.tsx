import { Droplets, Scale, Target, Users } from 'lucide-react';

const PHASES = [
  {
    title: 'Setup',
    icon: Users,
    text: 'Pick casual or ranked, bottle or can, add the players and agree on the turn order.',
  },
  {
    title: 'Initial weighing',
    icon: Scale,
    text: 'In turn, each player puts their full container on the scale. That is their start weight.',
  },
  {
    title: 'Drinking',
    icon: Droplets,
    text: 'The round’s target weight appears, a little below the lightest container. Everyone drinks towards it.',
  },
  {
    title: 'Scoring',
    icon: Target,
    text: 'In turn, each player puts their container back. The distance to the target in grams is the score; 0 g is an exact match. The lowest average wins.',
  },
] as const;

/** SPEC §2 instructions: the four phases of a game, in order. */
export function PhaseList() {
  return (
    <ol className="grid gap-4 md:grid-cols-2">
      {PHASES.map(({ title, icon: Icon, text }, index) => (
        <li key={title} className="card flex gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-amber-400/15 text-amber-300">
            <Icon className="size-6" aria-hidden />
          </span>
          <div>
            <span className="text-sm font-bold tracking-wide text-amber-300 uppercase">
              Phase {index + 1}
            </span>
            <h3 className="text-xl font-bold">{title}</h3>
            <p className="mt-1.5 text-foam-200">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
