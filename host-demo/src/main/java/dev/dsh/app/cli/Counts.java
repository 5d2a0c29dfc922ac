package dev.dsh.app.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --max-results} at parse time; picocli prefixes the option's name. */
final class Counts implements ITypeConverter<Integer> {

  static final int MIN = 1;
  /** Twice the most sources a provider returns today (SearchPro: 50); more is a typo. */
  static final int MAX = 100;

  @Override
  public Integer convert(String value) {
    String trimmed = value.trim();
    if (!trimmed.matches("[+-]?\\d+")) {
      throw new TypeConversionException("'" + Echo.cut(value) + "' is not a whole number");
    }
    // Judged on the digits, so 99999999999 is out of range rather than "not an int".
    String digits = trimmed.replaceFirst("^\\+?0*(?=\\d)", "");
    if (digits.startsWith("-") || digits.length() > 9) {
      throw outOfRange(value);
    }
    int count = Integer.parseInt(digits);
    if (count < MIN || count > MAX) {
      throw outOfRange(value);
    }
    return count;
  }

  private static TypeConversionException outOfRange(String value) {
    return new TypeConversionException(
        "'" + Echo.cut(value) + "' is out of range: allowed is " + MIN + " to " + MAX);
  }
}
