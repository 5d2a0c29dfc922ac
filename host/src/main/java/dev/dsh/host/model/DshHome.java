package dev.dsh.host.model;

import dev.dsh.api.env.LaunchEnvironment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/** The dsh home folder, absolute and normalized, and the paths inside it; nothing is created. */
public record DshHome(Path root) {

  /** The default credential store's file name, in the home folder. */
  public static final String CREDENTIAL_STORE = "credentials.json";

  private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public DshHome {
    root = root.toAbsolutePath().normalize();
  }

  /**
   * {@code --home}, else {@code $DSH_HOME}, else {@code .dsh} in {@code $HOME}, else in {@code
   * user.home} (Java 17 reads it from the password database, missing the {@code HOME} clients set).
   */
  public static DshHome locate(Optional<String> homeOption, LaunchEnvironment env) {
    return new DshHome(nonBlank(homeOption).or(() -> nonBlank(env.get("DSH_HOME"))).map(Path::of)
        .orElseGet(() -> nonBlank(env.get("HOME")).map(Path::of)
            .orElseGet(() -> Path.of(System.getProperty("user.home"))).resolve(".dsh")));
  }

  /** {@code plugins/}. */
  public Path plugins() {
    return root.resolve("plugins");
  }

  /** {@code profiles/<name>/}; a {@link ProfileException} when the name is not a plain name. */
  public Path profile(String name) {
    if (!PROFILE_NAME.matcher(name).matches()) {
      throw new ProfileException("invalid profile name \"" + name
          + "\": use letters, digits, '.', '_' and '-', starting with a letter or digit");
    }
    return root.resolve("profiles").resolve(name);
  }

  /** {@code profiles/<name>/profile.yml}: the bundles the profile uses. */
  public Path profileFile(String name) {
    return profile(name).resolve("profile.yml");
  }

  private static Optional<String> nonBlank(Optional<String> value) {
    return value.map(String::trim).filter(s -> !s.isEmpty());
  }
}
