import { Fragment } from 'react';
import { Link } from 'react-router';
import { tokenizeText } from '../../lib/text-tokens';
import styles from './post-card.module.css';

/** Caption or comment text with #hashtags and @mentions as links (underlined: they sit inside text). */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {tokenizeText(text).map((token, i) => {
        if (token.kind === 'tag')
          return (
            <Link key={i} className={styles.inlineLink} to={`/explore/tags/${encodeURIComponent(token.tag)}/`}>
              {token.text}
            </Link>
          );
        if (token.kind === 'mention')
          return (
            <Link key={i} className={styles.inlineLink} to={`/${token.username}/`}>
              {token.text}
            </Link>
          );
        return <Fragment key={i}>{token.text}</Fragment>;
      })}
    </>
  );
}
