package dev.dsh.serve.internal.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The console's two languages and their message files ({@code console/messages/en.json} and
 * {@code zh.json}, flat {@code {"key": "text"}}), read once from the jar.
 */
enum Language {
  EN("en", "en"),
  ZH("zh", "zh-CN");

  /** The cookie remembering the language chosen with {@code ?lang=}. */
  static final String COOKIE = "dsh_lang";

  private static final Map<Language, Map<String, String>> MESSAGES = load();

  private final String code;
  private final String tag;

  Language(String code, String tag) {
    this.code = code;
    this.tag = tag;
  }

  /** {@code en} or {@code zh}: the message file's name, {@code ?lang=} and the cookie's value. */
  String code() {
    return code;
  }

  /** The HTML language tag: {@code en} or {@code zh-CN}. */
  String tag() {
    return tag;
  }

  /** The text of {@code key}, or the key itself when the file lacks it. */
  String text(String key) {
    return MESSAGES.get(this).getOrDefault(key, key);
  }

  /** {@code en} or {@code zh} (or {@code zh-CN}), if {@code value} names one. */
  static Optional<Language> named(@Nullable String value) {
    return Stream.of(values()).filter(language -> language.code.equalsIgnoreCase(value)
        || language.tag.equalsIgnoreCase(value)).findFirst();
  }

  /** The language the cookie names, else the first of {@code Accept-Language} that is one. */
  static Language choose(@Nullable String cookie, @Nullable String acceptLanguage) {
    Optional<Language> chosen = named(cookie);
    if (chosen.isPresent() || acceptLanguage == null) {
      return chosen.orElse(EN);
    }
    try {
      for (Locale.LanguageRange range : Locale.LanguageRange.parse(acceptLanguage)) {
        String primary = range.getRange().split("-", 2)[0];
        if (primary.equals("zh")) {
          return ZH;
        }
        if (primary.equals("en")) {
          return EN;
        }
      }
    } catch (IllegalArgumentException e) {
      // a malformed header chooses nothing
    }
    return EN;
  }

  private static Map<Language, Map<String, String>> load() {
    JsonMapper json = JsonMapper.shared();
    Map<Language, Map<String, String>> all = new EnumMap<>(Language.class);
    for (Language language : values()) {
      String name = "/dev/dsh/serve/console/messages/" + language.code + ".json";
      try (InputStream in = Language.class.getResourceAsStream(name)) {
        if (in == null) {
          throw new IllegalStateException("the message file " + name + " is not in the jar");
        }
        all.put(language,
            Map.copyOf(json.readValue(in, new TypeReference<Map<String, String>>() {})));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return all;
  }
}
