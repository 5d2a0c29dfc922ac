package dev.dsh.spring.ai;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebService;
import dev.dsh.host.Host;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Starts a dsh host from the {@code dsh.*} properties and offers as beans the {@link Host}, its
 * {@link WebService}, the {@link WebSearchToolCallback} and a {@link ToolCallbackProvider} named
 * {@link #PROVIDER_BEAN}; each gives way to the application's own. A {@code ChatClient} takes the
 * provider: {@code ChatClient.builder(model).defaultToolCallbacks(provider)}.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "dsh.enabled", matchIfMissing = true)
@EnableConfigurationProperties(DshProperties.class)
public final class DshAutoConfiguration {

  /** The provider bean's name. */
  public static final String PROVIDER_BEAN = "dshToolCallbackProvider";

  private static final String WEB_SERVICE_BEAN = "dshWebService";

  /** Booted from {@code properties}, keys from the process environment, as the dsh command. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public Host dshHost(DshProperties properties) {
    return Host.start(properties.hostOptions(LaunchEnvironment.system()));
  }

  /** The host's {@code web} service; it fails the context when the profile has no such row. */
  @Bean(WEB_SERVICE_BEAN)
  @ConditionalOnMissingBean
  public WebService dshWebService(Host host) {
    return host.web()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the dsh host serves no web search: the profile's \"web\" row is disabled"
                        + " or failed"));
  }

  /** The host's own tool while the {@link WebService} bean is the host's, else one over it. */
  @Bean
  @ConditionalOnMissingBean
  public WebSearchToolCallback dshWebSearchToolCallback(
      Host host, WebService web, BeanFactory beans) {
    // Each host.web() is a new view of the service, so the bean's name tells whose it is.
    return beans.containsBean(WEB_SERVICE_BEAN)
        ? WebSearchToolCallback.of(host)
        : WebSearchToolCallback.of(web);
  }

  /** The provider to hand a {@code ChatClient}: the {@code web_search} tool alone. */
  @Bean(PROVIDER_BEAN)
  @ConditionalOnMissingBean(name = PROVIDER_BEAN)
  public ToolCallbackProvider dshToolCallbackProvider(WebSearchToolCallback callback) {
    return ToolCallbackProvider.from(callback);
  }
}
