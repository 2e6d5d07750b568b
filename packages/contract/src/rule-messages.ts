// The refusals of house rules (set-up and the three in-game actions), in a module without schemas
// so error-codes.ts can give each a stable code without pulling in the rules' schemas.

export const RULE_MESSAGES = {
  // No braces: the web's catalogues hold these texts as ICU messages.
  rulesObject: 'Rules must be an object naming a preset or the toggles to change',
  unknownPreset:
    'Unknown rule preset: choose classic, bundeswiega, strichliste, strichliste-hardcore, golf, points or custom',
  unknownScoring: 'Scoring must be mean, mean-penalties, golf, points or marks',
  unknownTarget: 'Target must be random, caller or dice',
  penaltyToggle:
    'Each penalty toggle (farthest, overUnder, schnapszahl, twins) must be true or false',
  unknownExact: 'The exact-hit penalty must be none, takes or gives',
  disqualifyRange: 'Disqualify above must be null or a whole number of grams between 10 and 200',
  unknownFinale: 'Finale must be none or empty-estimate',
  unknownPenaltyDrink: 'The penalty drink must be spirit or sip',
  adultsNotConfirmed: 'Spirit penalties need the confirmation that everyone playing is 18 or older',
  teamsRange: 'Teams must be null or a whole number between 2 and 5',
  teamOfWithoutTeams: 'A team assignment needs a number of teams',
  teamOfEntries: "Each player's team must be a whole number between 1 and the number of teams",
  teamOfLength: 'Assign exactly one team to every player, in turn order',
  moreTeamsThanPlayers: 'There cannot be more teams than players',
  teamLeftEmpty: 'Every team needs at least one player',
  // The actions during a game.
  nobodyOnTurn:
    'Nobody is on turn now: the game waits for a target, a penalty to give or the estimates',
  notCalling: 'Nobody is naming a target now',
  notTheCaller: 'Only the caller or the leader can name the target',
  targetAmount: 'The amount must be a whole number of grams between 10 and 100',
  /** Followed by the largest amount that still leaves a round, e.g. "... at most 35 g". */
  targetTooLow: 'That amount leaves too little beer for a round: name at most',
  notGiving: 'No penalty is waiting to be given now',
  notTheGiver: 'Only the player who hit exactly or the leader can give this penalty',
  giveToYourself: 'You cannot give a penalty to yourself',
  giveToPlayer: 'Give the penalty to another player who is still in this game',
  notEstimating: 'Estimates are taken only when the finale begins',
  notTheEstimator: 'Only that player or the leader can enter this estimate',
  estimateOwn:
    'In a ranked game each player enters their own estimate: the leader can enter it only for a player who is away (none of their devices is connected)',
  estimateGrams: 'An estimate must be a whole number of grams between 0 and 1000',
  estimatePlayer: 'That player is not in this game or is out',
} as const;
