package dev.dsh.host.model;

import dev.dsh.api.env.LaunchEnvironment;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The dsh home folder and the paths inside it.
 *
 * <pre>
 *   &lt;home&gt;/
 *     plugins/                          PF4J plugins root
 *     profiles/&lt;name&gt;/profile.yml       the bundles the profile uses
 *     profiles/&lt;name&gt;/cordis.patch.yml  the profile's user layer
 *     credentials.json                  the default credential store
 * </pre>
 *
 * <p>Nothing is created here: this only names paths.
 *
 * @param root the home folder, absolute and normalized
 */
public record DshHome(Path root) {

  /** The launch-environment variable naming the home folder when {@code --home} is not given. */
  public static final String HOME_VARIABLE = "DSH_HOME";

  /** The launch-environment variable naming the user's home folder. */
  public static final String USER_HOME_VARIABLE = "HOME";

  /** The home folder's name under the user's home when neither is given. */
  public static final String DEFAULT_FOLDER = ".dsh";

  /** The default credential store's file name, in the home folder. */
  public static final String CREDENTIAL_STORE = "credentials.json";

  private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public DshHome {
    root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
  }

  /**
   * Finds the home folder: {@code --home} when given, else {@code $DSH_HOME} from {@code env}, else
   * {@code .dsh} in the user's home folder: {@code $HOME} from {@code env}, else (no {@code HOME})
   * the {@code user.home} system property, which Java 17 takes from the password database and so
   * misses the {@code HOME} that containers, CI and MCP clients set. Blank values count as not
   * given; a relative path is taken from the working folder.
   */
  public static DshHome locate(Optional<String> homeOption, LaunchEnvironment env) {
    Path userHome =
        nonBlank(env.get(USER_HOME_VARIABLE))
            .map(Path::of)
            .orElseGet(() -> Path.of(System.getProperty("user.home")));
    return locate(homeOption, env, userHome);
  }

  /** {@link #locate(Optional, LaunchEnvironment)} with the user's home folder given. */
  public static DshHome locate(Optional<String> homeOption, LaunchEnvironment env, Path userHome) {
    Optional<String> chosen =
        nonBlank(homeOption).or(() -> nonBlank(env.get(HOME_VARIABLE)));
    return new DshHome(chosen.map(Path::of).orElseGet(() -> userHome.resolve(DEFAULT_FOLDER)));
  }

  /** The PF4J plugins root, {@code plugins/}. */
  public Path plugins() {
    return root.resolve("plugins");
  }

  /** The profiles folder, {@code profiles/}. */
  public Path profiles() {
    return root.resolve("profiles");
  }

  /**
   * The folder of profile {@code name}, {@code profiles/<name>/}.
   *
   * @throws IllegalArgumentException when {@code name} is not a plain name (letters, digits, {@code
   *     . _ -}, not starting with a dot), so it can never point outside {@code profiles/}
   */
  public Path profile(String name) {
    Objects.requireNonNull(name, "name");
    if (!PROFILE_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "invalid profile name \""
              + name
              + "\": use letters, digits, '.', '_' and '-', starting with a letter or digit");
    }
    return profiles().resolve(name);
  }

  /** {@code profiles/<name>/profile.yml}: the bundles the profile uses. */
  public Path profileFile(String name) {
    return profile(name).resolve("profile.yml");
  }

  /** {@code profiles/<name>/cordis.patch.yml}: the profile's user layer. */
  public Path userPatch(String name) {
    return profile(name).resolve("cordis.patch.yml");
  }

  /** The default credential store, {@code credentials.json}. */
  public Path credentialStore() {
    return root.resolve(CREDENTIAL_STORE);
  }

  private static Optional<String> nonBlank(Optional<String> value) {
    return value.map(String::trim).filter(s -> !s.isEmpty());
  }
}
