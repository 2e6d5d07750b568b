import { BookOpen, Radio, Trophy, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../components/brand';

const FEATURES = [
  {
    icon: Zap,
    title: 'Fast games',
    text: 'Type your friends’ names, put the scale on the table and start drinking. No accounts needed for them.',
  },
  {
    icon: Trophy,
    title: 'Ranked & leaderboard',
    text: 'Invite registered players, set the turn order and climb the ELO leaderboard after every game.',
  },
  {
    icon: Radio,
    title: 'Live at the table',
    text: 'Everyone sees the weight, the round’s target and the scores on their phone as they happen.',
  },
] as const;

export default function Landing() {
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4">
        <Brand />
        <Link to="/login" className="btn-secondary min-h-10 px-4 text-sm">
          Login
        </Link>
      </header>
      <main className="mx-auto max-w-5xl px-4 pb-16">
        <section className="py-10 text-center md:py-16">
          <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-amber-400">
            Bierwiegen, done right
          </p>
          <h1 className="mx-auto max-w-3xl text-4xl leading-tight font-black tracking-tight text-balance md:text-6xl">
            Drink to the gram.{' '}
            <span className="whitespace-nowrap text-amber-400">Win the round.</span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-foam-200">
            Each round sets one target weight. Drink so your bottle weighs as close to it as
            possible when it goes back on the smart scale.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/register" className="btn-primary w-full sm:w-auto">
              Register
            </Link>
            <Link to="/login" className="btn-secondary w-full sm:w-auto">
              Login
            </Link>
          </div>
        </section>
        <section aria-label="Features" className="grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <article key={title} className="card">
              <span className="mb-4 grid size-11 place-items-center rounded-xl bg-amber-400/15 text-amber-400">
                <Icon className="size-6" aria-hidden />
              </span>
              <h2 className="text-lg font-bold">{title}</h2>
              <p className="mt-2 text-foam-200">{text}</p>
            </article>
          ))}
        </section>
        <section className="card mt-8 flex flex-col items-center gap-4 text-center md:flex-row md:text-left">
          <BookOpen className="size-10 shrink-0 text-amber-400" aria-hidden />
          <div className="flex-1">
            <h2 className="text-xl font-bold">New to beer weighing?</h2>
            <p className="text-foam-200">
              Four phases, one scale, two to four friends. Learn it in a minute.
            </p>
          </div>
          <Link to="/game/instructions" className="btn-primary w-full md:w-auto">
            How to Play
          </Link>
        </section>
      </main>
    </div>
  );
}
