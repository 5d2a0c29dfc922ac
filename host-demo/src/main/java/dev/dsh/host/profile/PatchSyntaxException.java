package dev.dsh.host.profile;

/**
 * A patch or profile file is not valid YAML.
 *
 * <p>The message names the file, the line and the column, and the parser's description of the
 * problem — never the offending text, which may hold a secret.
 */
public final class PatchSyntaxException extends ProfileException {

  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;
  private final int column;

  public PatchSyntaxException(String file, int line, int column, String problem) {
    super(file + ": line " + line + ", column " + column + ": broken YAML: " + problem);
    this.file = file;
    this.line = line;
    this.column = column;
  }

  /** The file as shown to the user. */
  public String file() {
    return file;
  }

  /** 1-based line of the problem, or -1 when the parser gave none. */
  public int line() {
    return line;
  }

  /** 1-based column of the problem, or -1 when the parser gave none. */
  public int column() {
    return column;
  }
}
