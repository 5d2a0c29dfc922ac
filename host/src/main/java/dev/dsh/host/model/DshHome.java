package dev.dsh.host.model;

import dev.dsh.api.env.LaunchEnvironment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The dsh home folder and the paths inside it ({@code plugins/}, {@code profiles/<name>/}, {@code
 * credentials.json}); nothing is created here.
 *
 * @param root the home folder, absolute and normalized
 */
public record DshHome(Path root) {

  /** The default credential store's file name, in the home folder. */
  public static final String CREDENTIAL_STORE = "credentials.json";

  private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public DshHome {
    root = root.toAbsolutePath().normalize();
  }

  /**
   * {@code --home}, else {@code $DSH_HOME}, else {@code .dsh} in {@code $HOME}, else in {@code
   * user.home} (Java 17 reads it from the password database, missing the {@code HOME} containers
   * and MCP clients set). Blank counts as not given; a relative path is from the working folder.
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

  /**
   * The folder of profile {@code name}, {@code profiles/<name>/}.
   *
   * @throws ProfileException when {@code name} is not a plain name (letters, digits, {@code
   *     . _ -}, not starting with a dot), so it can never point outside {@code profiles/}
   */
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
