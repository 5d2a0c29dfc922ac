package dev.dsh.api.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides the user-info of URLs in text meant to be printed: {@code http://user:pass@host/x} becomes
 * {@code http://<redacted>@host/x}. A URL may carry a password there, so every URL a host or a
 * plugin prints (a config dump, an error message, a status line, a {@code toString()}) goes through
 * {@link #redact} first.
 *
 * <p>A URL is recognised by its scheme and {@code ://} anywhere in the text; its user-info is what
 * comes before the last {@code @} of the authority (which ends at {@code /}, {@code ?}, {@code #} or
 * white space), so a password holding an unescaped {@code @} is hidden whole. Text without such a
 * URL is returned unchanged.
 */
public final class UrlUserInfo {

  /** What replaces a URL's user-info. */
  public static final String REDACTED = "<redacted>";

  private static final Pattern USER_INFO =
      Pattern.compile("(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*://)[^/?#\\s@]*(?:@[^/?#\\s@]*)*@");

  private UrlUserInfo() {}

  /** {@code text} with the user-info of every URL in it replaced by {@value #REDACTED}. */
  public static String redact(String text) {
    if (text.indexOf('@') < 0) {
      return text;
    }
    Matcher matcher = USER_INFO.matcher(text);
    return matcher.replaceAll(match -> Matcher.quoteReplacement(match.group(1) + REDACTED + "@"));
  }
}
