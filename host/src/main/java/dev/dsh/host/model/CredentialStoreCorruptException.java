package dev.dsh.host.model;

import java.nio.file.Path;

/**
 * The credential store file exists but cannot be understood; no write goes through until a person
 * fixes or removes it. The message names the file and what is wrong, never a value from it.
 */
public final class CredentialStoreCorruptException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** The store at {@code file} cannot be read as a store, for the reason {@code problem}. */
  public CredentialStoreCorruptException(Path file, String problem) {
    super("credential store " + file + " is corrupt: " + problem
        + "; fix or remove the file (dsh does not overwrite it while it is corrupt)");
  }
}
