/**
 * A player's notification settings over GraphQL (docs/correspondence.md#preferences). Read with any token that
 * reads; changed with a session token (they are the account's, like its password).
 */
import { Args, Context, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { requirePlayer, requireSession } from '../auth/auth.service';
import type { RequestContext } from '../auth/viewer';
import { Clock } from '../clock/clock';
import { ApiError } from '../errors/api-error';
import {
  type MessageLanguage,
  type NotificationSettings,
  TELLABLE_KINDS,
  changedSettings,
  kindsOf,
} from './notification-settings';
import { NotificationSettingsRepository } from './notification-settings.repository';
import {
  MessageLanguageEnum,
  NotificationSettingsType,
  QuietHoursInput,
} from './notification-settings.types';
import { PlayerEventKind } from './player-events.types';

@Resolver(() => NotificationSettingsType)
export class NotificationSettingsResolver {
  constructor(
    private readonly repository: NotificationSettingsRepository,
    private readonly clock: Clock,
  ) {}

  @Query(() => NotificationSettingsType, { description: 'Your notification settings.' })
  async notificationSettings(@Context() context: RequestContext): Promise<NotificationSettingsType> {
    const player = requirePlayer(context.viewer, 'game:read');
    return toSettings(await this.repository.settingsOf(player.id));
  }

  @Mutation(() => NotificationSettingsType, {
    description:
      'Change your notification settings: what you leave out stays as it is; null sets no quiet hours, or a ' +
      'channel’s kinds back to the defaults. Needs a session token.',
  })
  async updateNotificationSettings(
    @Context() context: RequestContext,
    @Args('timeZone', { type: () => String, nullable: true, description: 'An IANA time zone name.' })
    timeZone: string | null | undefined,
    @Args('language', {
      type: () => MessageLanguageEnum,
      nullable: true,
      description: 'The language of pushes.',
    })
    language: MessageLanguage | null | undefined,
    @Args('quietHours', {
      type: () => QuietHoursInput,
      nullable: true,
      description: 'Quiet hours; null: none.',
    })
    quietHours: QuietHoursInput | null | undefined,
    @Args('pageKinds', {
      type: () => [PlayerEventKind],
      nullable: true,
      description: 'The kinds shown in the page; null: the defaults.',
    })
    pageKinds: PlayerEventKind[] | null | undefined,
    @Args('pushKinds', {
      type: () => [PlayerEventKind],
      nullable: true,
      description: 'The kinds pushed to your devices; null: the defaults.',
    })
    pushKinds: PlayerEventKind[] | null | undefined,
    @Args('mailKinds', {
      type: () => [PlayerEventKind],
      nullable: true,
      description: 'The kinds mailed to your verified address; null: the defaults.',
    })
    mailKinds: PlayerEventKind[] | null | undefined,
    @Args('digestMinute', {
      type: () => Int,
      nullable: true,
      description: 'When the daily digest goes (minutes after midnight, your time zone); null: no digest.',
    })
    digestMinute: number | null | undefined,
  ): Promise<NotificationSettingsType> {
    const player = requireSession(context, 'notification settings are changed');
    const tellable = (kinds: PlayerEventKind[] | null | undefined) =>
      kinds === undefined || kinds === null ? kinds : TELLABLE_KINDS.filter((kind) => kinds.includes(kind));
    const change = changedSettings(await this.repository.settingsOf(player.id), {
      ...(timeZone === undefined || timeZone === null ? {} : { timeZone }),
      ...(language === undefined || language === null ? {} : { language }),
      ...(quietHours === undefined ? {} : { quietHours: quietHours === null ? null : { ...quietHours } }),
      kinds: { page: tellable(pageKinds), push: tellable(pushKinds), mail: tellable(mailKinds) },
      ...(digestMinute === undefined ? {} : { digestMinute }),
    });
    if (!change.ok)
      throw new ApiError('BAD_USER_INPUT', change.problem.message, { field: change.problem.field });
    await this.repository.save(player.id, change.settings, this.clock.now());
    return toSettings(change.settings);
  }
}

function toSettings(settings: NotificationSettings): NotificationSettingsType {
  return {
    timeZone: settings.timeZone,
    language: settings.language,
    quietHours: settings.quietHours === null ? null : { ...settings.quietHours },
    pageKinds: [...kindsOf(settings, 'page')],
    pageKindsDefault: settings.kinds.page === null,
    pushKinds: [...kindsOf(settings, 'push')],
    pushKindsDefault: settings.kinds.push === null,
    mailKinds: [...kindsOf(settings, 'mail')],
    mailKindsDefault: settings.kinds.mail === null,
    digestMinute: settings.digestMinute,
  };
}
