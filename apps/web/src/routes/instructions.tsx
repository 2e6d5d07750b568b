import { CheckSquare, Square } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Brand } from '../app/brand';

const PREREQUISITES = [
  {
    id: 'scale',
    label: 'Connect the scale',
    detail: 'Switch on the WiFi scale and make sure it shows as connected.',
  },
  {
    id: 'players',
    label: '2-4 players',
    detail: 'Two to four friends make the best game (up to ten can play).',
  },
  {
    id: 'equipment',
    label: 'Equipment',
    detail:
      'A full bottle or can for everyone, all of the same kind, and a flat table for the scale.',
  },
] as const;

const PHASES = [
  {
    title: 'Setup',
    text: 'Choose fast or ranked, bottle or can, add the players and set the turn order.',
  },
  {
    title: 'Initial weighing',
    text: 'In turn, every player puts their full container on the scale. This is their start weight.',
  },
  {
    title: 'Drinking',
    text: 'The round’s target appears: a weight a little below the lightest container. Everyone drinks toward it.',
  },
  {
    title: 'Scoring',
    text: 'In turn, each player puts their container back. The difference to the target in grams is their score; 0 g is an exact match. Lowest average difference wins.',
  },
] as const;

export default function Instructions() {
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const ready = PREREQUISITES.every((p) => checked[p.id]);
  const navigate = useNavigate();

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
        <Brand />
        <Link to="/" className="text-sm font-semibold text-foam-200 hover:text-amber-400">
          Back
        </Link>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-4 pb-16">
        <h1 className="text-3xl font-black tracking-tight">How to Play</h1>
        <section className="card" aria-labelledby="prereq-title">
          <h2 id="prereq-title" className="mb-4 text-xl font-bold">
            Before you start
          </h2>
          <ul className="space-y-3">
            {PREREQUISITES.map((p) => {
              const on = !!checked[p.id];
              const Icon = on ? CheckSquare : Square;
              return (
                <li key={p.id}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-xl p-2 hover:bg-malt-800">
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={on}
                      onChange={(e) => setChecked((c) => ({ ...c, [p.id]: e.target.checked }))}
                    />
                    <Icon
                      className={`mt-0.5 size-6 shrink-0 ${on ? 'text-hop-400' : 'text-foam-400'}`}
                      aria-hidden
                    />
                    <span>
                      <span className="block font-semibold">{p.label}</span>
                      <span className="text-sm text-foam-200">{p.detail}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby="phases-title">
          <h2 id="phases-title" className="mb-4 text-xl font-bold">
            The four phases
          </h2>
          <ol className="grid gap-4 md:grid-cols-2">
            {PHASES.map((phase, index) => (
              <li key={phase.title} className="card">
                <span className="text-sm font-bold text-amber-400">Phase {index + 1}</span>
                <h3 className="mt-1 text-lg font-bold">{phase.title}</h3>
                <p className="mt-2 text-foam-200">{phase.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <button
          type="button"
          className="btn-primary w-full"
          disabled={!ready}
          onClick={() => navigate('/game')}
        >
          Start New Game
        </button>
        {!ready && (
          <p className="text-center text-sm text-foam-400">Tick every prerequisite to start.</p>
        )}
      </main>
    </div>
  );
}
