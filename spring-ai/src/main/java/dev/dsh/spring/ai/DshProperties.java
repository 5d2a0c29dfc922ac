package dev.dsh.spring.ai;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code dsh.*} properties of {@link DshAutoConfiguration}.
 *
 * @param enabled Whether to start a dsh host and offer its web_search tool as beans.
 * @param home The dsh home folder: its plugins/, profiles/ and credential store, as dsh --home
 *     reads them. Default: $DSH_HOME, else .dsh in $HOME, as the dsh command finds it.
 * @param profile The profile to boot, a folder of the home's profiles/.
 */
@ConfigurationProperties("dsh")
public record DshProperties(
    @DefaultValue("true") boolean enabled,
    @Nullable String home,
    @DefaultValue("default") String profile) {

  /** Options of an embedded host in the home found as the dsh command finds it. */
  HostOptions hostOptions(LaunchEnvironment env) {
    return HostOptions.of(DshHome.locate(Optional.ofNullable(home), env).root(), profile);
  }
}
