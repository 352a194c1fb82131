/**
 * The words "Hide offensive comments" looks for, in any case, as whole words. The operator adds
 * more with COMMENT_FILTER_WORDS (comma-separated) or COMMENT_FILTER_WORDS_FILE (one a line).
 * Kept short and plain on purpose: slurs are better supplied by the operator for their audience.
 */
export const DEFAULT_OFFENSIVE_WORDS: readonly string[] = [
  'idiot', 'idiots', 'stupid', 'moron', 'morons', 'loser', 'losers', 'dumbass', 'jackass', 'asshole', 'assholes',
  'bastard', 'bastards', 'bitch', 'bitches', 'cunt', 'dickhead', 'fuck', 'fucking', 'fucker', 'motherfucker',
  'shit', 'bullshit', 'slut', 'whore', 'retard', 'retarded', 'kill yourself', 'kys', 'ugly', 'pathetic', 'scum',
];
