package dev.dsh.yuanbao;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Says whether a trimmed url is an absolute http(s) URL, as {@link Settings#isHttpUrl} does on
 * {@code new URI(url)}.
 *
 * <p>Urls of the plain shape search results have — {@code http(s)://host[:port]} then a path,
 * query and fragment of unreserved, sub-delimiter and percent-escaped ASCII — are accepted
 * without building a {@link URI}: every such string parses as a hierarchical URI with an
 * authority. Anything else goes through {@link URI}, which decides.
 */
final class HttpUrls {

  private HttpUrls() {}

  static boolean isHttpUrl(String url) {
    if (plainShape(url)) {
      return true;
    }
    try {
      return Settings.isHttpUrl(new URI(url));
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /** True only for {@code http(s)://host[:digits][/path][?query][#fragment]} in plain ASCII. */
  static boolean plainShape(String s) {
    int n = s.length();
    int i;
    if (s.regionMatches(true, 0, "http://", 0, 7)) {
      i = 7;
    } else if (s.regionMatches(true, 0, "https://", 0, 8)) {
      i = 8;
    } else {
      return false;
    }
    int host = i;
    while (i < n && isHostChar(s.charAt(i))) {
      i++;
    }
    if (i == host) {
      return false;
    }
    if (i < n && s.charAt(i) == ':') {
      int port = ++i;
      while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
        i++;
      }
      if (i == port) {
        return false;
      }
    }
    if (i == n) {
      return true;
    }
    char c = s.charAt(i);
    if (c != '/' && c != '?' && c != '#') {
      return false;
    }
    boolean query = false;
    boolean fragment = false;
    for (; i < n; i++) {
      c = s.charAt(i);
      if (c == '?' && !query && !fragment) {
        query = true;
      } else if (c == '#') {
        if (fragment) {
          return false;
        }
        fragment = true;
      } else if (c == '%') {
        if (i + 2 >= n || !isHex(s.charAt(i + 1)) || !isHex(s.charAt(i + 2))) {
          return false;
        }
        i += 2;
      } else if (!isPathChar(c) && !((query || fragment) && c == '?')) {
        return false;
      }
    }
    return true;
  }

  private static boolean isHostChar(char c) {
    return isAlnum(c) || c == '.' || c == '-';
  }

  /** Unreserved, sub-delimiters, {@code : @ /}: legal unescaped in a path, query and fragment. */
  private static boolean isPathChar(char c) {
    return isAlnum(c) || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
  }

  private static boolean isAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  private static boolean isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }
}
