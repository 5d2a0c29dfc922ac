package dev.dsh.api.config;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides the user-info of URLs in printed text, where a password may sit, up to the authority's last
 * {@code @}: {@code http://u:p@ss@host/x} becomes {@code http://<redacted>@host/x}.
 */
public final class UrlUserInfo {

  private static final Pattern USER_INFO =
      Pattern.compile("(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*://)[^/?#\\s@]*(?:@[^/?#\\s@]*)*@");

  private UrlUserInfo() {}

  /** {@code text} with the user-info of every URL in it replaced by {@code <redacted>}. */
  public static String redact(String text) {
    if (text.indexOf('@') < 0) {
      return text;
    }
    Matcher matcher = USER_INFO.matcher(text);
    return matcher.replaceAll(match -> Matcher.quoteReplacement(match.group(1) + "<redacted>@"));
  }
}
